/**
 * Reports and moderation: members report what they can see (POST /reports); moderators triage the
 * reports grouped by target, resolve them (dismiss, remove, suspend) and read the audit log. One
 * feature because it is the one writer of both its tables, `reports` and `moderation_log`.
 */
export { moderationRoutes } from './routes.js';
