/**
 * Notifications (issue 13): the only writer of the notification tables. Other features tell it
 * what happened (`notifyMember`, `notifyAboutComment`, `withdrawNotification`,
 * `notifySecurityEvent`, `notifyNewSignIn`) right after their write commits; the stream reads
 * through `listNotificationsAfter` and `unreadCountOf`.
 */
export {
  listNotificationsAfter,
  notifyAboutComment,
  notifyMember,
  notifyNewSignIn,
  notifySecurityEvent,
  unreadCountOf,
  withdrawNotification,
  type MemberAction,
  type NewComment,
} from './service.js';
export { notificationRoutes } from './routes.js';
export { notificationStreamRoutes } from './stream-routes.js';
export { registerClientEvent, type ClientEventPreparer } from './stream.js';
export { claimDueDigests, releaseDigestClaim, utcDay, type DueDigest } from './digest.js';
export { digestEmail } from './emails.js';
