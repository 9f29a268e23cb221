/**
 * Blocking and muting other members:
 * - `useMemberSafetyActions({ member, viewerId })` — the "Block" and "Mute" entries of a ⋯ menu
 *   (profiles, post cards, comments) with the block confirmation to render beside it.
 * - `RestrictedMembersList({ kind: 'blocked' | 'muted' })` — the members the viewer blocked or
 *   muted, newest first, with Unblock / Unmute and "Load more" (Settings → Blocked & muted).
 */
export {
  useMemberSafetyActions,
  type MemberSafetyActions,
  type MemberSafetyOptions,
  type SafetyTarget,
} from './components/use-member-safety-actions';
export { RestrictedMembersList } from './components/restricted-members-list';
