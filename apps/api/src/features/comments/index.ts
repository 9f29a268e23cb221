/** Comments, replies and mentions under a post. */
export { commentRoutes } from './routes.js';
export { findReportableComment } from './moderation.js';
export { removeComment } from './service.js';
