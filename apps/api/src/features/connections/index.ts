/** Following members. */
export { connectionRoutes } from './routes.js';
