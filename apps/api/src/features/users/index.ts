/**
 * Members: the owner of the `users` table (the only code that writes it) and of the rule
 * "may this viewer see this member?" (visibility.ts). Other features use what is exported here.
 */
export * from './accounts.js';
export {
  notMutedBy,
  visibleApartFromBlocksWhere,
  visibleMemberExists,
  visibleMemberJoin,
  visibleMembersWhere,
} from './visibility.js';
export type { MembersTable, ViewerId } from './visibility.js';
export { canManageAccount, canSeePrivateDetails } from './policy.js';
export {
  findVisibleMemberWithProfile,
  lockMember,
  photosOf,
  saveMemberNames,
  type UserRow,
} from './repo.js';
export {
  hasVerifiedBadge,
  loadMemberSummaries,
  memberSummaryColumns,
  profilePictureJoin,
  toMemberSummary,
  type MemberSummary,
} from './summary.js';
export { presentDisplayLocation } from './presenter.js';
export {
  effectiveStatus,
  presentSubscription,
  savePlanFields,
  type PlanFields,
} from './subscription.js';
export { nameSearchColumns } from './names.js';
export {
  grantRole,
  roleOf,
  suspendMember,
  unsafeMembersForModeration,
  type ModeratedMember,
  type RoleGrant,
} from './roles.js';
export {
  claimDueReminders,
  releaseReminderClaim,
  type DueReminder,
} from './verification-reminders.js';
export {
  claimDueTrialReminders,
  releaseTrialReminderClaim,
  type DueTrialReminder,
} from './trial-reminders.js';
export {
  assertWithinNewAccountLimit,
  followsMemberWhere,
  mentionAllowedWhere,
  newAccountLimitEndsAt,
  privacySettingsOf,
  privacySettingsOfMany,
  searchableMembersWhere,
  showsLocationTo,
} from './privacy-settings.js';
export { userRoutes } from './routes.js';
export { memberSessionRoutes } from './session-routes.js';
export { saveEmail } from './credentials.js';
export { clearPhotoVerified, markPhotoVerified, readPhotoVerified } from './photo-verified.js';
