import type { QueryValue } from '../../../lib/api-client';
import type { FeedSource } from './query-keys';

/** A feed page's GET: the API path and its query. */
export interface FeedPageRequest {
  path: string;
  query: Record<string, QueryValue>;
}

/**
 * Where one page of a feed is read (newest first, from the API's keyset cursor):
 * - General:           GET /api/posts?userId={viewer}
 * - People You Follow: GET /api/posts/following/{viewer}
 * - a member's posts:  GET /api/posts/user/{author}
 * A module of its own (no React, no query cache) so the app's entry can ask for the feed's first
 * page while the feed's code is still loading (app/early-requests.ts).
 */
export function feedPageRequest(
  source: FeedSource,
  viewerId: string | null,
  cursor: string | null,
): FeedPageRequest {
  const query = { cursor: cursor ?? undefined };
  switch (source.kind) {
    case 'general':
      return { path: '/posts', query: { ...query, userId: viewerId } };
    case 'following':
      return { path: `/posts/following/${encodeURIComponent(viewerId ?? '')}`, query };
    case 'user':
      return { path: `/posts/user/${encodeURIComponent(source.userId)}`, query };
  }
}
