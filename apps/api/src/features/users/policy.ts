/**
 * Who may change a member account or see its private details — decided here. Whether a viewer may
 * see a member at all is an SQL fragment, `visibleMembersWhere` (visibility.ts), used by every
 * query that returns or joins members.
 */

/** Email, phone, coordinates and subscription details are the member's own business. */
export function canSeePrivateDetails(viewerId: string, memberId: string): boolean {
  return viewerId === memberId;
}

/** Disabling, deleting, choosing a plan and changing the profile or photos: only the member themself. */
export function canManageAccount(viewerId: string, memberId: string): boolean {
  return viewerId === memberId;
}
