/** A member's profile (details, location) and photos. */
export { profileRoutes } from './routes.js';
export { findReportablePhoto, removePhoto } from './moderation.js';
