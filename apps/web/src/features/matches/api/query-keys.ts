/** The cache keys of matches, likes and visits, in one place. */
export const matchKeys = {
  all: ['matches'] as const,
  /** The viewer's matches, newest first. */
  list: () => ['matches', 'list'] as const,
  /** Who liked the viewer (or the locked teaser). */
  likesYou: () => ['matches', 'likes-you'] as const,
  /** Who visited the viewer's profile. */
  visitors: () => ['matches', 'visitors'] as const,
};
