/**
 * Messages (issue 16), for the app and other features:
 * - `MemberMessages` — for the member area's shell: listens for messages on the app's one live
 *   connection (features/notifications), keeps the conversations current and reports the unread
 *   total (the header's Messages link and the Messages tab).
 * - `messageKeys` — the cache keys.
 * The pages are routes (routes/messages-page.tsx: the list and `?with=<userId>`;
 * routes/conversation-page.tsx: one conversation). Other screens link to them with
 * `paths.messages(userId)`.
 */
export { MemberMessages } from './components/member-messages';
export { messageKeys } from './api/query-keys';
