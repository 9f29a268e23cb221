import { BLOCK_MESSAGES, MUTE_MESSAGES } from '@kindred/contracts';
import { badRequest } from '../../http/errors.js';

/**
 * Blocks and mutes — decided here.
 *   - A member blocks or mutes any other member who exists for them (a block between the two
 *     aside), never themself. Doing it twice changes nothing.
 *   - Only the member who blocked (or muted) undoes it, and only they see their lists.
 *   - Nobody is told: the blocked or muted member sees no message, and a block looks to them
 *     exactly like a member who does not exist (users' `visibleMembersWhere`).
 */
export function assertMayBlock(actorId: string, targetId: string): void {
  if (actorId === targetId) throw badRequest(BLOCK_MESSAGES.cannotBlockSelf);
}

export function assertMayMute(actorId: string, targetId: string): void {
  if (actorId === targetId) throw badRequest(MUTE_MESSAGES.cannotMuteSelf);
}
