/** Following members. */
export { connectionRoutes } from './routes.js';
export { endConnectionsBetween } from './repo.js';
