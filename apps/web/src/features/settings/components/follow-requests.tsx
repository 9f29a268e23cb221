import { PRIVACY_MESSAGES } from '@kindred/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import {
  useAnswerFollowRequest,
  useFollowRequests,
  type FollowRequestAnswer,
} from '../api/follow-requests';
import styles from './privacy-form.module.css';

/** The members waiting for the member's approval, newest first, each with Approve and Decline. */
export function FollowRequests() {
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  const items = requests.data?.pages.flatMap((page) => page.requests) ?? [];

  const respond = (requestId: string, choice: FollowRequestAnswer) =>
    answer.mutate(
      { requestId, answer: choice },
      {
        onSuccess: (response) => notify.success(response.message),
        onError: (error) => notify.error(messageOf(error, PRIVACY_MESSAGES.requestActionFailed)),
      },
    );

  if (requests.isPending) return <Spinner label="Loading follow requests" />;
  if (requests.isError && items.length === 0)
    return <Alert tone="error">{PRIVACY_MESSAGES.requestsLoadFailed}</Alert>;
  if (items.length === 0) return <p className={styles.empty}>{PRIVACY_MESSAGES.noRequests}</p>;

  return (
    <>
      <ul className={styles.requests} aria-label="Follow requests">
        {items.map((request) => {
          const name = `${request.user.firstName} ${request.user.lastName}`;
          const busy = answer.isPending && answer.variables.requestId === request._id;
          return (
            <li key={request._id} className={styles.request}>
              <Link to={paths.viewProfile(request.user._id)} className={styles.requestName}>
                {name}
              </Link>
              <Button
                size="sm"
                aria-label={`Approve ${name}`}
                disabled={busy}
                onClick={() => respond(request._id, 'approve')}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Decline ${name}`}
                disabled={busy}
                onClick={() => respond(request._id, 'decline')}
              >
                Decline
              </Button>
            </li>
          );
        })}
      </ul>
      {requests.hasNextPage ? (
        <Button
          variant="ghost"
          loading={requests.isFetchingNextPage}
          onClick={() => void requests.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </>
  );
}
