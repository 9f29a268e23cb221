import { z } from 'zod';
import { IdSchema } from './common.js';
import type { MemberSummary } from './users.js';

/**
 * Blocking and muting another member (issue 12 "Block and mute"). A block hides the two members
 * from each other everywhere and ends any follow between them; a mute only takes the member's posts
 * and comments out of the muter's feeds. Neither is ever told to the other member.
 */

export const BLOCK_MESSAGES = {
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  cannotBlockSelf: 'You cannot block yourself',
  // Client-side words.
  blockFailed: 'Could not block this member. Please try again.',
  unblockFailed: 'Could not unblock this member. Please try again.',
  loadFailed: 'Could not load the members you blocked.',
  noneBlocked: 'You have not blocked anyone.',
} as const;

export const MUTE_MESSAGES = {
  muted: 'Member muted',
  unmuted: 'Member unmuted',
  cannotMuteSelf: 'You cannot mute yourself',
  // Client-side words.
  muteFailed: 'Could not mute this member. Please try again.',
  unmuteFailed: 'Could not unmute this member. Please try again.',
  loadFailed: 'Could not load the members you muted.',
  noneMuted: 'You have not muted anyone.',
} as const;

/** POST /blocks and POST /mutes: the other member. */
export const MemberTargetSchema = z.strictObject({ userId: IdSchema });
export type MemberTarget = z.infer<typeof MemberTargetSchema>;

export interface BlockResponse {
  success: true;
  message: typeof BLOCK_MESSAGES.blocked | typeof BLOCK_MESSAGES.unblocked;
}

export interface MuteResponse {
  success: true;
  message: typeof MUTE_MESSAGES.muted | typeof MUTE_MESSAGES.unmuted;
}

/** GET /mutes/{userId}: whether the viewer mutes that member (the profile's Mute/Unmute). */
export interface MuteStateResponse {
  success: true;
  muted: boolean;
}

/** One blocked or muted member, with when it happened (the list's order: newest first). */
export interface RestrictedMember {
  user: MemberSummary;
  /** ISO 8601. */
  since: string;
}

/** GET /blocks and GET /mutes, newest first, keyset-paged. */
export interface RestrictedMemberPage {
  success: true;
  users: RestrictedMember[];
  nextCursor: string | null;
}
