/** Comments, replies and mentions under a post. */
export { commentRoutes } from './routes.js';
