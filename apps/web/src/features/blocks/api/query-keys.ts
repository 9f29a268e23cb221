/** The cache keys of blocks and mutes, in one place. */
export const blockKeys = {
  all: ['blocks'] as const,
  /** Settings → Blocked & muted: the members the viewer blocked. */
  blocked: () => ['blocks', 'blocked'] as const,
  /** Settings → Blocked & muted: the members the viewer muted. */
  muted: () => ['blocks', 'muted'] as const,
  /** Whether the viewer mutes one member (a profile's Mute/Unmute). */
  muteState: (userId: string) => ['blocks', 'mute-state', userId] as const,
};
