import type { AppContext } from '../../context.js';
import { assertWithinNewAccountLimit, newAccountLimitEndsAt } from '../users/index.js';
import { countStrangerContacts, strangersAmong } from './repo.js';

/**
 * A new account (users' `newAccountLimitEndsAt`) may comment on few strangers' posts and mention
 * few strangers in its first day: past the limit the comment (or the edit) is refused whole (429,
 * saying when it frees up) and nothing is written. Strangers are members who do not follow the
 * author. `postAuthorId` is the author of the post a new comment goes under (null for an edit);
 * `mentionedIds` are the mentions the text adds (an edit passes only those it did not have).
 */
export async function assertNewAccountMayContact(
  context: Pick<AppContext, 'db' | 'clock'>,
  authorId: string,
  contact: { postAuthorId: string | null; mentionedIds: readonly string[] },
): Promise<void> {
  const now = context.clock.now();
  const endsAt = await newAccountLimitEndsAt(context.db, authorId, now);
  if (!endsAt) return;
  const { postAuthorId, mentionedIds } = contact;
  const strangers = new Set(
    await strangersAmong(context.db, authorId, [
      ...(postAuthorId ? [postAuthorId] : []),
      ...mentionedIds,
    ]),
  );
  const adding = {
    comments: postAuthorId && strangers.has(postAuthorId) ? 1 : 0,
    mentions: mentionedIds.filter((id) => strangers.has(id)).length,
  };
  if (adding.comments === 0 && adding.mentions === 0) return;
  const sent = await countStrangerContacts(context.db, authorId);
  assertWithinNewAccountLimit(
    'comments',
    { alreadySent: sent.comments, adding: adding.comments },
    endsAt,
    now,
  );
  assertWithinNewAccountLimit(
    'mentions',
    { alreadySent: sent.mentions, adding: adding.mentions },
    endsAt,
    now,
  );
}
