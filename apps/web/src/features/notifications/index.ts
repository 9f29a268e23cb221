/**
 * Notifications (issue 13), for the app and other features:
 * - `MemberNotifications` (or the hook `useMemberNotifications`) — for the member area's shell:
 *   opens the app's live connection, keeps the unread count and the list current from it, shows
 *   the count in the tab title, and reports the count (for the bell and the Alerts tab).
 * - `useLiveEvent`, `useLiveConnection` — the one live connection (GET /api/notifications/stream),
 *   for any feature that wants the server's pushes by event name (messages, later).
 * - `useNotificationSettings`, `useSaveNotificationSettings` — Settings → Notifications.
 * The notifications page itself is a route (routes/notifications-page.tsx).
 */
export { useMemberNotifications } from './live/use-member-notifications';
export { MemberNotifications } from './components/member-notifications';
export {
  useLiveConnection,
  useLiveEvent,
  closeLiveConnection,
  LIVE_RECONNECTED,
  LIVE_OPENED,
  isLiveConnectionOpen,
} from './live/live-connection';
export { useNotificationSettings, useSaveNotificationSettings } from './api/notification-settings';
export { notificationKeys } from './api/query-keys';
