/** Posts and likes, and which comments a viewer sees under a post. */
export { visiblePostsWhere } from './policy.js';
export { commentAuthorVisible, rowsOf, visibleCommentsCte } from './comment-visibility.js';
export { findVisiblePost, type PostRow } from './repo.js';
export { postRoutes } from './routes.js';
