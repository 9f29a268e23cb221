/**
 * Every cache key of the posts area, in one place, so each mutation touches exactly what it
 * changed:
 * - creating a post refetches the General feed and the author's own list (the only lists a new
 *   post of theirs can appear in for them);
 * - deleting a post removes it from every cached list and drops its comments;
 * - a like patches that post wherever it is cached;
 * - adding or deleting a comment refetches that post's comments (which also corrects the post's
 *   comment count in every list, see get-comments.ts).
 * Other features (e.g. following someone on a profile) can invalidate `postKeys.feed(...)` too.
 */

/** Which list of posts a feed shows. */
export type FeedSource =
  { kind: 'general' } | { kind: 'following' } | { kind: 'user'; userId: string };

export const postKeys = {
  all: ['posts'] as const,
  /** Prefix of every list of posts. */
  feeds: () => ['posts', 'feed'] as const,
  feed: (source: FeedSource) =>
    source.kind === 'user'
      ? (['posts', 'feed', 'user', source.userId] as const)
      : (['posts', 'feed', source.kind] as const),
  /**
   * One post (its own page), kept as a one-post feed under the feeds' prefix so likes, edits,
   * comment counts and deletion reach it the same way they reach every feed.
   */
  single: (postId: string) => ['posts', 'feed', 'single', postId] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
  mentionSearch: (query: string) => ['posts', 'mention-search', query] as const,
};
