import { and, eq } from 'drizzle-orm';
import { POST_MESSAGES, type PostDto, type PostPrivacy } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { posts } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { assertCanEditPost } from './policy.js';
import { findVisiblePost, postColumns, type PostRow } from './repo.js';
import { hydratePosts } from './service.js';

/** What the author may change after posting; the media stays as it was. */
export interface PostEdit {
  title?: string | undefined;
  description?: string | undefined;
  privacy?: PostPrivacy | undefined;
  /** "Mark as sensitive" (only a post with media keeps it). */
  sensitive?: boolean | undefined;
  /** The media's description (only a post with media keeps it); null clears it. */
  altText?: string | null | undefined;
}

/** The columns an edit writes (`sensitive` is the author's mark, `sensitive_by_author`). */
interface PostChanges {
  title?: string;
  description?: string;
  privacy?: PostPrivacy;
  sensitiveByAuthor?: boolean;
  altText?: string | null;
}

/**
 * PATCH /posts/{postId}: the author changes the title, description or privacy. A post the actor
 * may not see is "not found" (its existence is not revealed); one they see but did not write is
 * refused (403) and left as it was. `editedAt` is set only when the title, description or privacy
 * really changed, so a save without changes does not mark the post "edited" (nor does a new
 * description of its image, or the sensitive mark: they are about the media, not what was said).
 *
 * Narrowing the privacy needs nothing more: feeds, comments and media access all ask
 * `visiblePostsWhere` of the row as it is now.
 */
export async function editPost(
  context: AppContext,
  actorId: string,
  postId: string,
  edit: PostEdit,
): Promise<PostDto> {
  const post = await findVisiblePost(context.db, actorId, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  assertCanEditPost(actorId, post);
  const changes = changedFields(post, edit);
  let row = post;
  if (Object.keys(changes).length > 0) {
    const edited =
      changes.title !== undefined ||
      changes.description !== undefined ||
      changes.privacy !== undefined;
    // Still the author's: a post deleted since the check above updates nothing (404).
    const [updated] = await context.db
      .update(posts)
      .set({ ...changes, ...(edited ? { editedAt: context.clock.now() } : {}) })
      .where(and(eq(posts.id, postId), eq(posts.authorId, actorId)))
      .returning(postColumns);
    if (!updated) throw notFound(POST_MESSAGES.notFound);
    row = updated;
  }
  const [presented] = await hydratePosts(context.db, actorId, [row]);
  return presented!;
}

function changedFields(post: PostRow, edit: PostEdit): PostChanges {
  const changes: PostChanges = {};
  if (edit.title !== undefined && edit.title !== post.title) changes.title = edit.title;
  if (edit.description !== undefined && edit.description !== post.description) {
    changes.description = edit.description;
  }
  if (edit.privacy !== undefined && edit.privacy !== post.privacy) changes.privacy = edit.privacy;
  // A text-only post has nothing to cover or describe: those fields are ignored.
  if (post.mediaKey) {
    if (edit.sensitive !== undefined && edit.sensitive !== post.sensitiveByAuthor) {
      changes.sensitiveByAuthor = edit.sensitive;
    }
    if (edit.altText !== undefined && edit.altText !== post.altText) changes.altText = edit.altText;
  }
  return changes;
}
