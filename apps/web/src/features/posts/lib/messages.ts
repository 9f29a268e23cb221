import { AUTHOR_PLACEHOLDERS, COMMENT_MESSAGES, POST_MESSAGES } from '@kindred/contracts';

/** The posts area's texts: the spec's catalogue (§2, §8) from the contracts, plus the screens' own. */
export const POSTS_UI_MESSAGES = {
  ...POST_MESSAGES,
  comment: COMMENT_MESSAGES,
  authors: AUTHOR_PLACEHOLDERS,
  emptyTitle: 'No Posts Available',
  emptyGeneral: 'Be the first to share something!',
  emptyFollowing: 'Start following people to see their posts here!',
  deletedComment: 'This comment was deleted.',
} as const;
