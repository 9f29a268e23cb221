import type { UserRow } from './repo.js';

/**
 * Who may see or change a member account — the one place it is decided. Every read and write in
 * users/, profiles/ and subscriptions/ goes through these.
 */

/** A disabled member is hidden from everyone but themself (and they have no session while disabled). */
export function canSeeMember(viewerId: string, member: Pick<UserRow, 'id' | 'status'>): boolean {
  return member.id === viewerId || member.status === 'active';
}

/** Email, phone, coordinates and subscription details are the member's own business. */
export function canSeePrivateDetails(viewerId: string, memberId: string): boolean {
  return viewerId === memberId;
}

/** Disabling, deleting, choosing a plan and changing the profile or photos: only the member themself. */
export function canManageAccount(viewerId: string, memberId: string): boolean {
  return viewerId === memberId;
}
