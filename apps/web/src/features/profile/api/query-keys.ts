/**
 * Query keys of the profile screens, shared by the queries and the mutations that change what they
 * read (a follow changes the counts and the follow state; a plan choice changes the subscription).
 */
export const profileKeys = {
  profile: (userId: string) => ['profile', userId] as const,
  member: (userId: string) => ['users', userId] as const,
  subscription: (userId: string) => ['subscription', userId] as const,
};

export const connectionKeys = {
  all: ['connections'] as const,
  counts: (userId: string) => ['connections', 'counts', userId] as const,
  isFollowing: (viewerId: string, userId: string) =>
    ['connections', 'isFollowing', viewerId, userId] as const,
  list: (direction: 'followers' | 'following', userId: string) =>
    ['connections', direction, userId] as const,
};
