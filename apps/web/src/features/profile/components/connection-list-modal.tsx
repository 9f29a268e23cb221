import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { MemberMarks } from '../../posts';
import { useConnectionList, type ConnectionDirection } from '../api/connections';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import styles from './connection-list-modal.module.css';
import { MemberAvatar } from './member-avatar';

export interface ConnectionListModalProps {
  direction: ConnectionDirection | null;
  userId: string;
  onClose: () => void;
}

const TITLES: Record<ConnectionDirection, string> = {
  followers: 'Followers',
  following: 'Following',
};
const EMPTY: Record<ConnectionDirection, string> = {
  followers: M.noFollowers,
  following: M.noFollowings,
};
const FAILED: Record<ConnectionDirection, string> = {
  followers: 'Failed to load followers',
  following: 'Failed to load the members followed',
};

/** The followers or following list of a profile (SPEC §2), newest first, more on request. */
export function ConnectionListModal({ direction, userId, onClose }: ConnectionListModalProps) {
  const list = useConnectionList(direction ?? 'followers', userId, direction !== null);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  // A locked account shows its lists to its followers only: said in place, not as a failure.
  const hidden =
    list.error instanceof ApiError && list.error.code === 'CONNECTIONS_HIDDEN'
      ? messageOf(list.error, FAILED[direction ?? 'followers'])
      : null;
  const failed = list.isError && direction !== null && hidden === null;

  useEffect(() => {
    if (failed && direction) notify.error(FAILED[direction]);
  }, [failed, direction]);

  return (
    <Modal
      open={direction !== null}
      onClose={onClose}
      title={direction ? TITLES[direction] : ''}
      size="sm"
    >
      {direction === null ? null : list.isPending ? (
        <div className={styles.loading}>
          <Spinner label={`Loading ${TITLES[direction].toLowerCase()}`} />
        </div>
      ) : hidden !== null ? (
        <p className={styles.empty}>{hidden}</p>
      ) : list.isError && users.length === 0 ? (
        <Alert tone="error">{FAILED[direction]}</Alert>
      ) : users.length === 0 ? (
        <p className={styles.empty}>{EMPTY[direction]}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {users.map((user) => (
              <li key={user._id} className={styles.item}>
                <MemberAvatar
                  firstName={user.firstName}
                  lastName={user.lastName}
                  src={user.profilePicture}
                  size="sm"
                />
                <Link to={paths.viewProfile(user._id)} onClick={onClose} className={styles.name}>
                  {user.firstName} {user.lastName}
                </Link>
                <MemberMarks member={user} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="ghost"
              fullWidth
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </>
      )}
    </Modal>
  );
}
