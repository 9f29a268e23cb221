import { COMMENT_POLICY_NOTICES, type CommentPolicy } from '@kindred/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';

/**
 * Who may comment on a post — part of the posts policy, because a post card says whether the
 * viewer may comment (`canComment`) and the comments feature refuses the rest:
 *   - the author always may, on their own post;
 *   - `everyone` → every member who may see the post;
 *   - `followers` → members who follow the author;
 *   - `nobody` → no one else.
 * The same holds for replies. The author chooses it per post (their privacy settings give the
 * default when they write it).
 */

export interface CommentablePost {
  authorId: string;
  commentPolicy: CommentPolicy;
}

export function mayComment(
  viewerId: string,
  post: CommentablePost,
  viewerFollowsAuthor: boolean,
): boolean {
  if (post.authorId === viewerId) return true;
  switch (post.commentPolicy) {
    case 'everyone':
      return true;
    case 'followers':
      return viewerFollowsAuthor;
    case 'nobody':
      return false;
  }
}

/** Which of these authors the viewer follows, in one query. */
export async function authorsFollowedBy(
  db: Executor,
  viewerId: string,
  authorIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(authorIds)].filter((id) => id !== viewerId);
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, unique)));
  return new Set(rows.map((row) => row.id));
}

/** Refuses (403, saying who may comment) a comment or reply the post does not allow. */
export async function assertMayComment(
  db: Executor,
  viewerId: string,
  post: CommentablePost,
): Promise<void> {
  if (post.authorId === viewerId || post.commentPolicy === 'everyone') return;
  const followed = await authorsFollowedBy(db, viewerId, [post.authorId]);
  if (mayComment(viewerId, post, followed.has(post.authorId))) return;
  throw forbidden(COMMENT_POLICY_NOTICES[post.commentPolicy], 'COMMENTS_NOT_ALLOWED');
}
