/**
 * Profile likes, passes, matches and profile visits (issue 15): the only writer of
 * `profile_likes`, `profile_passes`, `matches` and `profile_visits`. Others ask it whether two
 * members are matched (messages) and leave out recently passed pairs (Discover).
 */
export { areMatched, matchedWithWhere, notPassedEitherWay } from './pairs.js';
