import type { Conversation } from '@kindred/contracts';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { MemberMarks, RelativeTime } from '../../posts';
import { conversationsOf, useConversations } from '../api/conversations';
import { MESSAGING_UI as M } from '../messages';
import { MemberPicture, memberName } from './member-picture';
import styles from './conversation-list.module.css';

/** What the list says of the last message: its text, "Photo", or that it was deleted. */
function preview(conversation: Conversation): string {
  const last = conversation.lastMessage;
  if (!last) return M.noMessages;
  const what = last.deleted ? M.deletedPlaceholder : last.text || M.photo;
  return last.mine ? `${M.you}: ${what}` : what;
}

/**
 * The member's conversations, most recently active first: who, the last message, when, and how
 * many are unread. Older ones load with "Load more" (keyset pages).
 */
export function ConversationList() {
  const list = useConversations();
  const conversations = conversationsOf(list.data);

  if (list.isPending) return <Spinner label="Loading your messages" />;
  if (list.isError && !list.data) {
    return (
      <Alert tone="error">
        {M.loadFailed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (conversations.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>{M.noConversations}</h2>
        <p>{M.emptyHint}</p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Conversations">
        {conversations.map((conversation) => (
          <ConversationRow key={conversation._id} conversation={conversation} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className={styles.more}>
          {list.isFetchNextPageError ? <Alert tone="error">{M.loadFailed}</Alert> : null}
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {M.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const { member, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <li className={clsx(styles.item, unread && styles.itemUnread)}>
      <Link to={paths.conversation(conversation._id)} className={styles.link}>
        <MemberPicture member={member} large />
        <span className={styles.body}>
          <span className={styles.top}>
            <span className={styles.who}>
              <span className={styles.name}>{memberName(member)}</span>
              <MemberMarks member={member} />
            </span>
            <span className={styles.time}>
              <RelativeTime iso={conversation.updatedAt} />
            </span>
          </span>
          <span className={styles.preview}>{preview(conversation)}</span>
        </span>
        {unread ? (
          <span className={styles.badge}>
            <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
            <span className="visually-hidden">, {M.unreadLabel(unreadCount)}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
