/** GET /api/media/{key}: a stored file, for the members who may see what it belongs to. */
export { mayViewMedia } from './access.js';
export { mediaRoutes } from './routes.js';
