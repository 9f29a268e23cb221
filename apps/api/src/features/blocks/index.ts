/**
 * Blocking and muting members (the only writer of the `blocks` and `mutes` tables). What a block
 * hides is decided by users' `visibleMembersWhere`, what a mute hides by users' `notMutedBy`.
 */
export { blockRoutes } from './routes.js';
/** Reports' "Also block this member" blocks through the same service as POST /blocks. */
export { blockMember } from './service.js';
