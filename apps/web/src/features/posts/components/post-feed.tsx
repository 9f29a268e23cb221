import { memo, useDeferredValue, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useNextPageOnScroll } from '../../../hooks/use-next-page-on-scroll';
import { usePostFeed } from '../api/get-feed';
import type { FeedSource } from '../api/query-keys';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { PRIORITY_IMAGE_WITHIN } from '../lib/post-image';
import { useErrorToast } from '../use-error-toast';
import { PostCard } from './post-card';
import { clsx } from 'clsx';
import styles from './post-feed.module.css';

const M = POSTS_UI_MESSAGES;

/**
 * A card redrawn only when its post (the query cache keeps an unchanged post's object), position or
 * picture priority changes: the feed page around the list redraws as its other queries answer
 * (entitlements, the tabs' search parameters), and each redraw would otherwise draw every card.
 */
const FeedCard = memo(PostCard);

export interface PostFeedProps {
  source: FeedSource;
  /** What to show when there are no posts; each source has a default. */
  emptyState?: ReactNode;
  /** Accessible name of the list (default from the source). */
  label?: string;
}

const LABELS: Record<FeedSource['kind'], string> = {
  general: 'General posts',
  following: 'Posts from people you follow',
  user: 'Posts',
};

export function defaultEmptyState(source: FeedSource): ReactNode {
  const line =
    source.kind === 'general'
      ? M.emptyGeneral
      : source.kind === 'following'
        ? M.emptyFollowing
        : null;
  return <EmptyPosts>{line}</EmptyPosts>;
}

/** "No Posts Available" in the feed's empty-state box, with a line saying what to do. */
export function EmptyPosts({
  headingLevel = 2,
  children,
}: {
  /** 3 where the list sits under a section heading (a profile's posts). */
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className={styles.postFeedEmpty}>
      <Heading>{M.emptyTitle}</Heading>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

/**
 * A list of posts — General, People You Follow, or one member's — newest first, loading older
 * pages as the end of the list scrolls into view (with a "Load more" button for keyboards and
 * browsers without IntersectionObserver).
 */
export function PostFeed({ source, emptyState, label }: PostFeedProps) {
  const feed = usePostFeed(source);
  useErrorToast(feed, source.kind === 'following' ? M.fetchFollowingFailed : M.fetchFailed);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  // The first page's posts replace the placeholders in a deferred render, which React splits into
  // short slices: the query cache's update would otherwise draw every card in one task, long
  // enough on a phone to hold up a tap. Later changes (a like, the next page) draw at once.
  const showsPosts = useDeferredValue(!feed.isPending, false);
  // Watched once the list (and the element after it) is on the page.
  const sentinelRef = useNextPageOnScroll({ ...feed, hasNextPage: showsPosts && hasNextPage });

  if (feed.isPending || (!showsPosts && !feed.isError)) return <PostFeedSkeleton />;

  if (feed.isError && !feed.data) {
    return (
      <Alert tone="error" className={styles.postFeedError}>
        <p>{source.kind === 'following' ? M.fetchFollowingFailed : M.fetchFailed}.</p>
        <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <>{emptyState ?? defaultEmptyState(source)}</>;
  // The first picture near the top is the page's largest paint: fetch it at once.
  const firstImage = posts.findIndex(
    (post, index) => index < PRIORITY_IMAGE_WITHIN && post.media?.type === 'image',
  );

  return (
    <div className={styles.postFeed}>
      <div role="feed" aria-label={label ?? LABELS[source.kind]} aria-busy={isFetchingNextPage}>
        {posts.map((post, index) => (
          <FeedCard
            key={post._id}
            post={post}
            position={index + 1}
            priorityMedia={index === firstImage}
          />
        ))}
      </div>
      {hasNextPage ? (
        <div className={styles.postFeedMore}>
          <div ref={sentinelRef} className={styles.postFeedSentinel} aria-hidden="true" />
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : (
        <p className={styles.postFeedEnd}>You&apos;re all caught up.</p>
      )}
    </div>
  );
}

/**
 * What the feed shows while its first page loads: three placeholders shaped like posts with a
 * photo, together taller than a screen, so the advertising card and the footer below stay where
 * the loaded feed will put them instead of jumping down when the posts arrive.
 */
export function PostFeedSkeleton() {
  return (
    <div className={styles.postFeedLoading} role="status" aria-label="Loading posts">
      <span className="visually-hidden">Loading posts</span>
      {[0, 1, 2].map((index) => (
        <Card key={index} padding="none" className={styles.postSkeleton} aria-hidden="true">
          <div className={styles.postSkeletonHeader}>
            <span className={styles.postSkeletonAvatar} />
            <span className={clsx(styles.postSkeletonLine, styles.postSkeletonLineShort)} />
          </div>
          <div className={styles.postSkeletonBody}>
            <span className={styles.postSkeletonLine} />
            <span className={clsx(styles.postSkeletonLine, styles.postSkeletonLineLong)} />
          </div>
          <div className={styles.postSkeletonMedia} />
          <div className={styles.postSkeletonActions} />
        </Card>
      ))}
    </div>
  );
}
