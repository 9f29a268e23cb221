import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useOpenConversation } from '../api/conversations';
import { ConversationList } from '../components/conversation-list';
import { MESSAGING_UI as M } from '../messages';
import styles from './messages-page.module.css';

/** Why a conversation could not be opened, in the member's words (the plan's refusal also opens the upgrade dialog). */
function openRefusal(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'PLAN_LIMIT':
        return M.firstMessageLimit;
      case 'MESSAGE_NOT_ALLOWED':
        return M.notAllowed;
      case 'PHOTO_VERIFICATION_REQUIRED':
        return M.photoVerificationRequired;
      case 'CONVERSATION_CLOSED':
        return M.closed;
      default:
        break;
    }
  }
  return messageOf(error, M.openFailed);
}

/**
 * /messages — the member's conversations. `/messages?with=<userId>` (a profile's or a match's
 * "Message") opens the conversation with that member, creating it if needed, and goes there.
 */
export function MessagesPage() {
  const [params] = useSearchParams();
  const withUserId = params.get('with');
  return (
    <MemberLayout width="narrow">
      {withUserId ? <OpenWith userId={withUserId} /> : <Inbox />}
    </MemberLayout>
  );
}

function Inbox() {
  return (
    <Card className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{M.title}</h1>
      </div>
      <ConversationList />
    </Card>
  );
}

function OpenWith({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const open = useOpenConversation();
  const asked = useRef<string | null>(null);
  const { mutate } = open;

  useEffect(() => {
    // Once per member (React may run effects twice in development).
    if (asked.current === userId) return;
    asked.current = userId;
    mutate(userId, {
      onSuccess: (conversation) =>
        void navigate(paths.conversation(conversation._id), { replace: true }),
    });
  }, [userId, mutate, navigate]);

  if (open.isError) {
    return (
      <div className={styles.refused}>
        <Alert tone="error">{openRefusal(open.error)}</Alert>
        {open.error instanceof ApiError && open.error.code === 'PHOTO_VERIFICATION_REQUIRED' ? (
          <Link to={paths.settings('photo-verification')}>Verify your photos</Link>
        ) : null}
        <Link to={paths.messages()}>{M.back}</Link>
      </div>
    );
  }
  return <Spinner label={M.opening} />;
}
