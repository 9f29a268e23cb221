import { BLOCK_MESSAGES, MUTE_MESSAGES, type RestrictedMember } from '@kindred/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useUnblockMember } from '../api/block-member';
import { useUnmuteMember } from '../api/mute-member';
import { useRestrictedMembers, type RestrictionKind } from '../api/restricted-members';
import { BLOCKS_UI_MESSAGES as M } from '../messages';
import { blocksToast } from '../toast';
import styles from './restricted-members-list.module.css';

const WORDS = {
  blocked: {
    title: 'Blocked members',
    empty: BLOCK_MESSAGES.noneBlocked,
    failed: BLOCK_MESSAGES.loadFailed,
    action: 'Unblock',
    done: M.unblocked,
    undoFailed: BLOCK_MESSAGES.unblockFailed,
  },
  muted: {
    title: 'Muted members',
    empty: MUTE_MESSAGES.noneMuted,
    failed: MUTE_MESSAGES.loadFailed,
    action: 'Unmute',
    done: M.unmuted,
    undoFailed: MUTE_MESSAGES.unmuteFailed,
  },
} as const;

/** The members the viewer blocked (or muted), newest first, each with Unblock (or Unmute). */
export function RestrictedMembersList({ kind }: { kind: RestrictionKind }) {
  const titleId = useId();
  const words = WORDS[kind];
  const list = useRestrictedMembers(kind);
  const members = list.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <section className={styles.group} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {words.title}
      </h3>
      {list.isPending ? (
        <div className={styles.loading}>
          <Spinner label={`Loading ${words.title.toLowerCase()}`} />
        </div>
      ) : list.isError && members.length === 0 ? (
        <Alert tone="error">{words.failed}</Alert>
      ) : members.length === 0 ? (
        <p className={styles.empty}>{words.empty}</p>
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={titleId}>
            {members.map((member) => (
              <RestrictedMemberItem key={member.user._id} kind={kind} member={member} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="ghost"
              fullWidth
              className={styles.more}
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function RestrictedMemberItem({
  kind,
  member,
}: {
  kind: RestrictionKind;
  member: RestrictedMember;
}) {
  const words = WORDS[kind];
  const unblock = useUnblockMember();
  const unmute = useUnmuteMember();
  const undo = kind === 'blocked' ? unblock : unmute;
  const name = `${member.user.firstName} ${member.user.lastName}`.trim();

  const onUndo = () => {
    undo.mutate(member.user._id, {
      onSuccess: () => blocksToast().success(words.done(name)),
      onError: (error) => blocksToast().error(messageOf(error, words.undoFailed)),
    });
  };

  return (
    <li className={styles.item}>
      {kind === 'blocked' ? (
        // A blocked member's profile cannot be opened while the block stands.
        <span className={styles.name}>{name}</span>
      ) : (
        <Link className={styles.name} to={paths.viewProfile(member.user._id)}>
          {name}
        </Link>
      )}
      <Button
        variant="secondary"
        size="sm"
        loading={undo.isPending}
        aria-label={`${words.action} ${name}`}
        onClick={onUndo}
      >
        {words.action}
      </Button>
    </li>
  );
}
