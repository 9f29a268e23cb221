import type { ChatMessage, Conversation } from '@kindred/contracts';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { ReportDialog, useReportAction } from '../../moderation';
import { MemberMarks } from '../../posts';
import {
  useChatMessages,
  useDeleteChatMessage,
  useMarkConversationRead,
} from '../api/chat-messages';
import { messagesOldestFirst } from '../lib/cache';
import { MESSAGING_UI as M } from '../messages';
import { Composer } from './composer';
import { MemberPicture, memberName } from './member-picture';
import { MessageBubble } from './message-bubble';
import styles from './conversation.module.css';

/** Within this many pixels of the end, a new message keeps the view at the end. */
const STICK_TO_END_PX = 120;

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is in front of the member (a hidden tab reads nothing). */
function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/** The viewer's last message when the other member has read it (the read receipt is shown). */
function seenMessageId(conversation: Conversation, messages: ChatMessage[]): string | null {
  if (!conversation.memberReadAt) return null;
  const readUntil = Date.parse(conversation.memberReadAt);
  const lastMine = messages.findLast((message) => message.mine && !message.deleted);
  return lastMine && Date.parse(lastMine.createdAt) <= readUntil ? lastMine._id : null;
}

/**
 * /messages/:id — one conversation: the newest messages at the bottom, older ones on request, the
 * composer under them. What arrives while it is open is marked read (POST …/read) as long as the
 * page is in front. A closed conversation (a block, an unmatch, a suspension) shows why and no
 * composer.
 */
export function ConversationView({
  conversationId,
  viewerId,
}: {
  conversationId: string;
  viewerId: string | null;
}) {
  const pages = useChatMessages(conversationId);
  const [closed, setClosed] = useState(false);
  const refusedCode = pages.error instanceof ApiError ? pages.error.code : null;

  if (pages.isPending) return <Spinner label="Loading the conversation" />;
  if (closed || refusedCode === 'CONVERSATION_CLOSED') {
    return <ClosedConversation />;
  }
  if (!pages.data) {
    return (
      <div className={styles.state}>
        <Alert tone="error">
          {refusedCode === 'NOT_FOUND' ? M.conversationNotFound : M.loadFailed}
        </Alert>
        <Link to={paths.messages()}>{M.back}</Link>
      </div>
    );
  }
  const conversation = pages.data.pages[0]!.conversation;
  return (
    <OpenConversation
      conversation={conversation}
      messages={messagesOldestFirst(pages.data)}
      viewerId={viewerId}
      olderPages={{
        hasMore: pages.hasNextPage,
        loading: pages.isFetchingNextPage,
        failed: pages.isFetchNextPageError,
        load: () => void pages.fetchNextPage(),
      }}
      onClosed={() => setClosed(true)}
    />
  );
}

function ClosedConversation() {
  return (
    <div className={styles.state}>
      <Alert tone="info" title={M.closed}>
        {M.closedHint}
      </Alert>
      <Link to={paths.messages()}>{M.back}</Link>
    </div>
  );
}

interface OlderPages {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

function OpenConversation({
  conversation,
  messages,
  viewerId,
  olderPages,
  onClosed,
}: {
  conversation: Conversation;
  messages: ChatMessage[];
  viewerId: string | null;
  olderPages: OlderPages;
  onClosed: () => void;
}) {
  const { member } = conversation;
  const name = memberName(member);
  const visible = useDocumentVisible();
  const markRead = useMarkConversationRead(conversation._id);
  const deleteMessage = useDeleteChatMessage(conversation._id);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [reported, setReported] = useState<string | null>(null);
  const report = useReportAction({ targetType: 'member', targetId: member._id, member, viewerId });

  // Whatever is unread here is read once it is on screen.
  const { mutate: markAsRead, isPending: marking } = markRead;
  useEffect(() => {
    if (conversation.unreadCount > 0 && visible && !marking) markAsRead();
  }, [conversation.unreadCount, visible, marking, markAsRead]);

  const logRef = useScrollKeeper(messages);
  const seenId = seenMessageId(conversation, messages);

  const actionsFor = (message: ChatMessage): ActionMenuItem[] =>
    message.mine
      ? [
          {
            id: 'delete',
            label: M.deleteItem,
            danger: true,
            onSelect: () => setPendingDelete(message._id),
          },
        ]
      : [
          {
            id: 'report',
            label: M.reportItem,
            danger: true,
            onSelect: () => setReported(message._id),
          },
        ];

  const confirmDelete = () => {
    if (!pendingDelete) return;
    deleteMessage.mutate(pendingDelete, {
      onSuccess: () => setPendingDelete(null),
      onError: (error) => {
        setPendingDelete(null);
        if (error instanceof ApiError && error.code === 'CONVERSATION_CLOSED') onClosed();
        else notify.error(messageOf(error, M.deleteFailed));
      },
    });
  };

  return (
    <section className={styles.conversation} aria-labelledby="conversation-title">
      <div className={styles.header}>
        <Link to={paths.messages()} className={styles.back} aria-label={M.back}>
          <span aria-hidden="true">←</span>
        </Link>
        <MemberPicture member={member} />
        <h1 id="conversation-title" className={styles.title}>
          <Link to={paths.viewProfile(member._id)} className={styles.titleLink}>
            {name}
          </Link>
          <MemberMarks member={member} />
        </h1>
        <ActionMenu label={M.moreActions(name)} items={report.items} />
      </div>

      <div className={styles.log} ref={logRef}>
        {olderPages.hasMore ? (
          <div className={styles.older}>
            <Button
              variant="ghost"
              size="sm"
              onClick={olderPages.load}
              loading={olderPages.loading}
            >
              {M.loadOlder}
            </Button>
            {olderPages.failed ? <Alert tone="error">{M.loadFailed}</Alert> : null}
          </div>
        ) : null}
        {messages.length === 0 ? <p className={styles.empty}>{M.noMessages}</p> : null}
        <div role="log" aria-label={M.conversationWith(name)}>
          <ol className={styles.messages}>
            {messages.map((message) => (
              <MessageBubble
                key={message._id}
                message={message}
                senderName={member.firstName}
                actions={actionsFor(message)}
                seen={message._id === seenId}
              />
            ))}
          </ol>
        </div>
      </div>

      <Composer conversationId={conversation._id} onClosed={onClosed} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title={M.deleteTitle}
        description={M.deleteBody}
        confirmLabel="Delete"
        busy={deleteMessage.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
      {report.dialog}
      <ReportDialog
        open={reported !== null}
        target={{ targetType: 'message', targetId: reported ?? '', memberName: name }}
        onClose={() => setReported(null)}
      />
    </section>
  );
}

/**
 * Keeps the log's scroll where a reader expects it: at the end when the conversation opens and
 * when a message arrives while the reader is at the end (or sent it); where it was when older
 * messages are put above.
 */
function useScrollKeeper(messages: ChatMessage[]) {
  const logRef = useRef<HTMLDivElement>(null);
  const last = useRef<{ first?: string; last?: string; height: number; atEnd: boolean }>({
    height: 0,
    atEnd: true,
  });
  const firstId = messages[0]?._id;
  const newest = messages.at(-1);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = last.current;
    if (before.first !== undefined && firstId !== before.first && newest?._id === before.last) {
      // Older messages were put above: keep the same messages in view.
      log.scrollTop += log.scrollHeight - before.height;
    } else if (newest?._id !== before.last && (before.atEnd || newest?.mine)) {
      log.scrollTop = log.scrollHeight;
    }
    last.current = {
      first: firstId,
      last: newest?._id,
      height: log.scrollHeight,
      atEnd: log.scrollHeight - log.scrollTop - log.clientHeight < STICK_TO_END_PX,
    };
  }, [firstId, newest]);

  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const onScroll = () => {
      last.current.atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < STICK_TO_END_PX;
      last.current.height = log.scrollHeight;
    };
    log.addEventListener('scroll', onScroll, { passive: true });
    return () => log.removeEventListener('scroll', onScroll);
  }, []);

  return logRef;
}
