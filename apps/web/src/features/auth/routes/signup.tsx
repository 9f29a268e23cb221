import type { SignupRequest } from '@kindred/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { authToast } from '../../../components/ui/toasts';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { storage, storeMember } from '../../../lib/storage';
import { useSendEmailOtp } from '../api/send-otp';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';
import { AUTH_UI_MESSAGES as M } from '../messages';
import { markOtpSent } from '../otp-resend';

/** Sign-up (/signup). SPEC §2, §4 Signup flow, §5, §8. */
export function SignupRoute() {
  const navigate = useNavigate();
  const signup = useSignup();
  const sendOtp = useSendEmailOtp();
  const [submitting, setSubmitting] = useState(false);

  const goToCodeEntry = () => navigate(paths.verifyOtp(), { replace: true });

  const handleSubmit = async (values: SignupRequest) => {
    setSubmitting(true);
    let userId: string;
    try {
      const response = await signup.mutateAsync(values);
      userId = response.data._id;
      storeMember({ userId, sessionId: response.data.sessionId, firstName: values.firstName });
      storage.set('signupEmail', values.email);
    } catch (error) {
      authToast.error(
        error instanceof ApiError ? (error.serverMessage ?? M.signupFailed) : M.networkError,
      );
      setSubmitting(false);
      return;
    }

    try {
      await sendOtp.mutateAsync({ email: values.email, userId });
      markOtpSent(values.email);
      // SPEC §4: when this toast closes, the app moves on to the code entry.
      authToast.success(M.signupSuccess, { onClose: goToCodeEntry });
    } catch (error) {
      // The account exists either way; the code screen offers "Resend code".
      authToast.error(error instanceof ApiError ? M.otpSendFailed : M.otpEmailFailed, {
        onClose: goToCodeEntry,
      });
    }
  };

  return (
    <PublicLayout>
      <AuthCard wide title="Create your account" subtitle="Join Kindred and start connecting.">
        <SignupForm submitting={submitting} onSubmit={(values) => void handleSubmit(values)} />
      </AuthCard>
    </PublicLayout>
  );
}
