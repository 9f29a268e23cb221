import type { MemberSession } from '@kindred/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { ACCOUNT_UI_MESSAGES as M } from '../account-forms';
import {
  useEndMemberSession,
  useEndOtherMemberSessions,
  useMemberSessions,
} from '../api/member-sessions';
import styles from './session-list.module.css';

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "Chrome 131 on Windows 10", or what is known of it. */
export function deviceName(session: Pick<MemberSession, 'browser' | 'os'>): string {
  const browser = session.browser ?? 'Unknown browser';
  return session.os ? `${browser} on ${session.os}` : browser;
}

/**
 * Where the member is signed in: this browser first, then the others with when they were last
 * used, each with "Sign out", and "Sign out of all other sessions".
 */
export function SessionList() {
  const sessions = useMemberSessions();
  const endOne = useEndMemberSession();
  const endOthers = useEndOtherMemberSessions();

  if (sessions.isPending) return <Spinner label="Loading your sessions" />;
  if (sessions.isError) {
    return <Alert tone="error">{messageOf(sessions.error, M.sessionsFailed)}</Alert>;
  }
  const others = sessions.data.filter((session) => !session.current);

  const signOut = async (session: MemberSession) => {
    try {
      const response = await endOne.mutateAsync(session._id);
      notify.success(response.message);
    } catch (error) {
      notify.error(messageOf(error, M.signOutFailed));
    }
  };

  const signOutOthers = async () => {
    try {
      const response = await endOthers.mutateAsync();
      notify.success(response.message);
    } catch (error) {
      notify.error(messageOf(error, M.signOutFailed));
    }
  };

  return (
    <>
      <ul className={styles.list} aria-label="Your sessions">
        {sessions.data.map((session) => {
          const name = deviceName(session);
          return (
            <li key={session._id} className={styles.item}>
              <div className={styles.device}>
                <p className={styles.name}>
                  {name}
                  {session.current && <span className={styles.badge}>This browser</span>}
                </p>
                <p className={styles.meta}>
                  {session.current
                    ? 'Active now'
                    : `Last active ${formatDate(session.lastActiveAt)}`}
                  {' · '}Signed in {formatDate(session.createdAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Sign out ${name}`}
                  loading={endOne.isPending && endOne.variables === session._id}
                  onClick={() => void signOut(session)}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className={styles.footer}>
        <Button
          variant="danger"
          disabled={others.length === 0}
          loading={endOthers.isPending}
          onClick={() => void signOutOthers()}
        >
          Sign out of all other sessions
        </Button>
      </div>
    </>
  );
}
