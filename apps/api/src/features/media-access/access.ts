import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { photos, posts } from '../../db/schema.js';
import { mayViewMessageImage } from '../messages/index.js';
import { visiblePostsWhere } from '../posts/index.js';
import { visibleMemberExists } from '../users/index.js';

/**
 * Who may fetch a media object: the same members who may see what it belongs to. A post's image or
 * video follows the post's visibility (a followers-only post's video is not for strangers, even
 * with its URL); a profile photo or its thumbnail is for whoever may see its owner (users'
 * `visibleMembersWhere`: not while the owner's account is disabled, except for the owner).
 * A message's image is for the two members of its conversation only (messages'
 * `mayViewMessageImage`). Objects that belong to nothing are served to no one.
 */
export async function mayViewMedia(
  context: Pick<AppContext, 'db' | 'config'>,
  viewerId: string,
  key: string,
): Promise<boolean> {
  const { db } = context;
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.mediaKey, key), visiblePostsWhere(viewerId)))
    .limit(1);
  if (post) return true;

  const [photo] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        or(eq(photos.storageKey, key), eq(photos.thumbnailKey, key)),
        visibleMemberExists(viewerId, photos.userId),
      ),
    )
    .limit(1);
  if (photo) return true;

  return mayViewMessageImage(context, viewerId, key);
}
