import { NOTIFICATION_MESSAGES, type NotificationItem } from '@kindred/contracts';
import { useContext } from 'react';
import { MemberLayout } from '../../../components/layout/member-layout';
import { UnreadCountContext } from '../../../components/layout/member-nav-context';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { useNextPageOnScroll } from '../../../hooks/use-next-page-on-scroll';
import { messageOf } from '../../../lib/api-client';
import { itemsOf, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationRow } from '../components/notification-row';
import styles from '../components/notifications.module.css';

/**
 * /notifications: newest first, older pages loading as the end scrolls into view (with "Load
 * more" for keyboards), unread ones marked, "Mark all as read". Opening an item marks it read and
 * goes to the post, the comment or the profile it is about.
 */
export function NotificationsPage() {
  const list = useNotifications();
  const unreadCount = useContext(UnreadCountContext);
  const markRead = useMarkNotificationsRead();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinelRef = useNextPageOnScroll(list);

  const items = itemsOf(list.data);
  const anyUnread = unreadCount > 0 || items.some((item) => item.readAt === null);

  const markAll = () => {
    markRead.mutate(
      { all: true },
      { onError: (error) => notify.error(messageOf(error, NOTIFICATION_MESSAGES.markReadFailed)) },
    );
  };
  const onOpen = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item._id] });
  };

  let content;
  if (list.isPending) {
    content = <Spinner label="Loading notifications" />;
  } else if (list.isError && !list.data) {
    content = (
      <Alert tone="error">
        {NOTIFICATION_MESSAGES.loadFailed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    content = (
      <div className={styles.empty}>
        <h2>{NOTIFICATION_MESSAGES.none}</h2>
        <p>
          When someone follows you, likes or comments on your posts or mentions you, it shows here.
        </p>
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.list} aria-label="Notifications" aria-busy={isFetchingNextPage}>
          {items.map((item) => (
            <NotificationRow key={item._id} item={item} onOpen={onOpen} />
          ))}
        </ul>
        {hasNextPage ? (
          <div className={styles.more}>
            <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
            <Button
              variant="secondary"
              onClick={() => void fetchNextPage()}
              loading={isFetchingNextPage}
            >
              Load more
            </Button>
          </div>
        ) : (
          <p className={styles.end}>You&apos;re all caught up.</p>
        )}
      </>
    );
  }

  return (
    <MemberLayout width="narrow">
      <Card
        as="section"
        padding="none"
        className={styles.page}
        aria-labelledby="notifications-title"
      >
        <div className={styles.header}>
          <h1 id="notifications-title" className={styles.title}>
            Notifications
          </h1>
          <Button
            variant="secondary"
            size="sm"
            onClick={markAll}
            loading={markRead.isPending && 'all' in (markRead.variables ?? {})}
            disabled={!anyUnread}
          >
            Mark all as read
          </Button>
        </div>
        {content}
      </Card>
    </MemberLayout>
  );
}
