/**
 * The posts area, for any screen that shows posts (the feed, a member's profile):
 * - `PostFeed` — a list of posts (General, People You Follow, or one member's) with likes,
 *   comments, replies, @mentions and delete where the API allows it; pages load as you scroll.
 * - `CreatePostButton` — "Create Post", opening the Create Post modal (its code loads when first
 *   opened: the form library and zod are not part of a page that shows posts).
 * - `EmptyPosts` — the feed's "No Posts Available" box, for a custom empty state.
 * - `RelativeTime` — "5m ago" with the full time on hover, ticking with one shared clock.
 * - `postKeys` — the cache keys, for other features that change what a feed shows.
 * - `useMyPrivacySettings`, `myPrivacyKey` — the member's privacy settings (Create Post's "Who can
 *   comment" default; Settings → Privacy & contact saves them under this key).
 */

export {
  PostFeed,
  EmptyPosts,
  defaultEmptyState,
  type PostFeedProps,
} from './components/post-feed';
export { PostCard, type PostCardProps } from './components/post-card';
export { CreatePostButton, type CreatePostButtonProps } from './components/create-post-button';
export type { CreatePostModalProps } from './components/create-post-modal';
export { MemberMarks, VerifiedBadge } from './components/verified-badge';
export { RelativeTime } from './components/relative-time';
export { postKeys, type FeedSource } from './api/query-keys';
export { usePostFeed } from './api/get-feed';
export { myPrivacyKey, useMyPrivacySettings } from './api/my-privacy';
