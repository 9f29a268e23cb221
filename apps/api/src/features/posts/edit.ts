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
}

/**
 * PATCH /posts/{postId}: the author changes the title, description or privacy. A post the actor
 * may not see is "not found" (its existence is not revealed); one they see but did not write is
 * refused (403) and left as it was. `editedAt` is set only when something really changed, so a
 * save without changes does not mark the post "edited".
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
    // Still the author's: a post deleted since the check above updates nothing (404).
    const [updated] = await context.db
      .update(posts)
      .set({ ...changes, editedAt: context.clock.now() })
      .where(and(eq(posts.id, postId), eq(posts.authorId, actorId)))
      .returning(postColumns);
    if (!updated) throw notFound(POST_MESSAGES.notFound);
    row = updated;
  }
  const [presented] = await hydratePosts(context.db, actorId, [row]);
  return presented!;
}

function changedFields(post: PostRow, edit: PostEdit): PostEdit {
  const changes: PostEdit = {};
  if (edit.title !== undefined && edit.title !== post.title) changes.title = edit.title;
  if (edit.description !== undefined && edit.description !== post.description) {
    changes.description = edit.description;
  }
  if (edit.privacy !== undefined && edit.privacy !== post.privacy) changes.privacy = edit.privacy;
  return changes;
}
