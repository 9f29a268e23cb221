import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { hasRole } from '@kindred/contracts';
import { roleOf } from '../users/index.js';
import {
  closePairConversation,
  findImageOwner,
  findOpenConversation,
  isReportedMessage,
} from './repo.js';
import { messageSealer } from './sealing.js';

/**
 * A message's image is for the two members of its conversation, while they may see it (no block,
 * no suspension, not closed by an unmatch) and the message is not deleted — and for moderators
 * once the message was reported (the report's evidence). Found by the keyed digest of its storage
 * key (the key itself is sealed at rest).
 */
export async function mayViewMessageImage(
  context: Pick<AppContext, 'db' | 'config'>,
  viewerId: string,
  key: string,
): Promise<boolean> {
  const digest = messageSealer(context.config.dataEncryptionKey).mediaDigest(key);
  const owner = await findImageOwner(context.db, digest);
  if (!owner) return false;
  if (owner.memberLow !== viewerId && owner.memberHigh !== viewerId) {
    return (
      hasRole(await roleOf(context.db, viewerId), 'moderator') &&
      (await isReportedMessage(context.db, owner.messageId))
    );
  }
  if (owner.closed) return false;
  return (await findOpenConversation(context.db, viewerId, owner.conversationId)) !== undefined;
}

/** An unmatch: the pair's conversation is closed for both (kept for reports, hidden). */
export function closeConversationBetween(
  db: Executor,
  a: string,
  b: string,
  now: Date,
): Promise<void> {
  return closePairConversation(db, a, b, now);
}
