import { isPaidPlan } from '@kindred/contracts';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toasts';
import { useBackButtonTrap } from '../../../hooks/use-back-button-trap';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { getStoredUserId } from '../../../lib/storage';
import { useMember } from '../api/get-member';
import { useProfile } from '../api/get-profile';
import { useSubscription } from '../api/get-subscription';
import { PageLoading } from '../components/page-loading';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { ProfileWizard } from '../wizard/profile-wizard';
import { EMPTY_WIZARD_FORM, formFromProfile, isProfileComplete } from '../wizard/wizard-form';
import styles from './profile-edit.module.css';

/**
 * Profile creation and setup wizard (/profileedit/:id, SPEC §2). Without a stored userId the member
 * goes to the feed; the wizard always works on the signed-in member's own profile. The saved profile
 * is loaded first: none yet (404) means a new one, an incomplete one is pre-filled, and a complete one
 * sends its owner on to the feed (a complete profile is changed from its page, with "Edit profile").
 */
export function ProfileEditRoute() {
  useBackButtonTrap();
  const { id } = useParams();
  const userId = getStoredUserId();
  if (!userId) return <Navigate to={paths.feed()} replace />;
  if (id !== userId) return <Navigate to={paths.profileEdit(userId)} replace />;
  return <ProfileEditScreen userId={userId} />;
}

function ProfileEditScreen({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  const isNew = profile.error instanceof ApiError && profile.error.status === 404;
  // A new profile starts from the names given at sign-up.
  const member = useMember(userId, { enabled: isNew });
  // Back from checkout for a paid plan: the plan step shows the plan now paid for (the same
  // request as the member layout's trial banner).
  const subscription = useSubscription(userId);
  const loadError = profile.error && !isNew ? profile.error : null;

  useEffect(() => {
    if (loadError) notify.error(M.loadFailed);
  }, [loadError]);

  if (profile.data && isProfileComplete(profile.data)) {
    return <Navigate to={paths.feed()} replace />;
  }

  const title = <h1 className={styles.title}>Set up your profile</h1>;
  if (profile.isPending || (isNew && member.isPending)) {
    return (
      <MemberLayout>
        {title}
        <PageLoading label="Loading your profile" />
      </MemberLayout>
    );
  }

  const savedForm = profile.data
    ? formFromProfile(profile.data)
    : {
        ...EMPTY_WIZARD_FORM,
        firstName: member.data?.firstName ?? '',
        lastName: member.data?.lastName ?? '',
      };
  const paidPlan =
    isPaidPlan(subscription.data?.planName) &&
    (subscription.data.status === 'active' || subscription.data.status === 'cancelled')
      ? subscription.data.planName
      : null;
  const initialForm = paidPlan ? { ...savedForm, plan: paidPlan } : savedForm;

  return (
    <MemberLayout>
      {title}
      {loadError ? (
        <Alert tone="error" className={styles.loadError}>
          <p>{M.loadFailedWith(messageOf(loadError, loadError.message))}</p>
          <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {/* Keyed so a profile that arrives on "Try again", or a paid plan, pre-fills a fresh wizard. */}
      <ProfileWizard
        key={`${profile.data ? 'saved' : 'new'}-${paidPlan ?? 'unpaid'}`}
        userId={userId}
        initialForm={initialForm}
      />
    </MemberLayout>
  );
}
