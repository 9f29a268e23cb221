/** Posts and likes, and which comments a viewer sees under a post. */
export { visiblePostsWhere } from './policy.js';
export { assertMayComment } from './comment-policy.js';
export { commentAuthorVisible, rowsOf, visibleCommentsCte } from './comment-visibility.js';
export { findVisiblePost, type PostRow } from './repo.js';
export { postRoutes } from './routes.js';
export { removePost } from './moderation.js';
export { deleteTimelineRowsPastTheirDays } from './timeline-retention.js';
export {
  markPostSensitiveByModerator,
  postImageUnscored,
  scorePostImage,
  unscoredPostImages,
} from './sensitivity.js';
