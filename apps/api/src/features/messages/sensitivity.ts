import type { SensitiveMediaPreference } from '@kindred/contracts';
import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { chatMessages, conversations } from '../../db/schema.js';
import {
  ClassificationUnavailable,
  classificationDueWhere,
  isSensitiveScore,
} from '../image-safety/index.js';
import { readMediaBytes } from '../media/index.js';
import { publishMessageEvent } from './live.js';
import type { MessageRow } from './repo.js';
import { messageSealer } from './sealing.js';

/**
 * Sensitive images in messages (issue 17), like posts' (posts/sensitivity.ts): a message image is
 * scored by the NSFW model after the message is sent, and while it waits for its score or scores
 * at or above the threshold the recipient sees it covered ("Sensitive content — tap to view"),
 * unless they chose to see such media as it is. The sender always sees their own uncovered.
 *
 * "Hide" behaves like "blur" here: a message is addressed to the member, so leaving it out of the
 * conversation would hide that something was said; they get it covered, as posts reached by a
 * link are. When the score lands both members' streams get the message again.
 */

/** Whether the viewer gets the message's image covered (`image.sensitive` in its JSON). */
export function imageCoveredForViewer(
  viewerId: string,
  row: Pick<MessageRow, 'senderId' | 'nsfwScore'>,
  preference: SensitiveMediaPreference,
): boolean {
  return row.senderId !== viewerId && preference !== 'show' && isSensitiveScore(row.nsfwScore);
}

type ScoringContext = Pick<
  AppContext,
  'db' | 'storage' | 'imageClassifier' | 'clock' | 'config' | 'liveEvents' | 'logger'
>;

/**
 * Scores a message's image and keeps the score on the row, then tells both members' streams.
 * A message deleted meanwhile keeps nothing. Whether a score was stored (false: no such message,
 * image or file); throws when the image cannot be scored.
 */
export async function scoreMessageImage(
  context: ScoringContext,
  messageId: string,
): Promise<boolean> {
  const [row] = await context.db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      imageKeySealed: chatMessages.imageKeySealed,
      memberLow: conversations.memberLow,
      memberHigh: conversations.memberHigh,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)));
  if (!row?.imageKeySealed) return false;
  const key = messageSealer(context.config.dataEncryptionKey).open(row.imageKeySealed, row.id);
  const bytes = await readMediaBytes(context.storage, key);
  if (!bytes) return false;
  const score = await context.imageClassifier.classify(bytes);
  const updated = await context.db
    .update(chatMessages)
    .set({ nsfwScore: score, classifiedAt: context.clock.now() })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  if (updated.length === 0) return false;
  await publishMessageEvent(context, {
    conversationId: row.conversationId,
    messageId,
    memberIds: [row.memberLow, row.memberHigh],
  });
  return true;
}

/** `scoreMessageImage` after the send's reply; when it cannot run now, the backfill job will. */
export async function classifyMessageImage(
  context: ScoringContext,
  messageId: string,
): Promise<void> {
  try {
    await scoreMessageImage(context, messageId);
  } catch (error) {
    if (error instanceof ClassificationUnavailable) {
      context.logger.warn(
        { messageId, reason: error.message },
        'a message image was not classified',
      );
      return;
    }
    throw error;
  }
}

/** Whether the message still has an image without a score (the backfill's check after its claim). */
export async function messageImageUnscored(db: Executor, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, messageId),
        isNotNull(chatMessages.imageDigest),
        isNull(chatMessages.nsfwScore),
        isNull(chatMessages.deletedAt),
      ),
    );
  return row !== undefined;
}

/** Message images without a score (not deleted) the backfill job may try now; newest first. */
export async function unscoredMessageImages(
  db: Executor,
  options: { createdBefore: Date; now: Date; limit: number },
): Promise<{ id: string }[]> {
  return db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        isNotNull(chatMessages.imageDigest),
        isNull(chatMessages.nsfwScore),
        isNull(chatMessages.deletedAt),
        lt(chatMessages.createdAt, options.createdBefore),
        classificationDueWhere('message', chatMessages.id, options.now),
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(options.limit);
}
