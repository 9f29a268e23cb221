/**
 * Profile likes, passes, matches and profile visits (issue 15): the only writer of
 * `profile_likes`, `profile_passes`, `matches` and `profile_visits`. Others ask it whether two
 * members are matched (messages), leave out recently passed pairs (Discover), and tell it of a
 * profile view (profiles). Passes and visits past their time are deleted by a scheduled job.
 */
export { areMatched, matchedWithWhere, notPassedEitherWay } from './pairs.js';
export { recordProfileVisit } from './service.js';
export { deleteExpiredPassesAndVisits, VISITS_KEPT_DAYS } from './retention.js';
export { matchRoutes } from './routes.js';
