/**
 * Messages (issue 16): one-to-one conversations, the only writer of `conversations`, `messages`,
 * `conversation_reads` and `first_message_counts`. Media access asks it who may fetch a message's
 * image (`mayViewMessageImage`); matches closes a pair's conversation on an unmatch
 * (`closeConversationBetween`); moderation snapshots, opens and removes reported messages
 * (`findReportableMessage`, `openMessageSnapshot`, `removeReportedMessage`).
 */
export { messageRoutes } from './routes.js';
export { closeConversationBetween, mayViewMessageImage } from './access.js';
export {
  findReportableMessage,
  openMessageSnapshot,
  removeReportedMessage,
  type SealedMessageSnapshot,
} from './reporting.js';
export { messageImageUnscored, scoreMessageImage, unscoredMessageImages } from './sensitivity.js';
