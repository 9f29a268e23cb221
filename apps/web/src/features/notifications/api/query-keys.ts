/**
 * The notifications area's cache keys. The unread count is its own entry (the bell reads it on
 * every member page); the list writes it too, as does the live stream's `unread` event.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  settings: () => ['notifications', 'settings'] as const,
};
