/**
 * Discover (members near the viewer, filtered and scored) and boosts (the only writer of the
 * `boosts` table). Who may appear is users' `visibleMembersWhere`, narrowed in policy.ts.
 */
export { discoveryRoutes } from './routes.js';
