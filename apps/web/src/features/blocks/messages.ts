/** The words of the block and mute actions (menus, confirm dialog, toasts). */
export const BLOCKS_UI_MESSAGES = {
  blockItem: (name: string) => `Block ${name}`,
  muteItem: (name: string) => `Mute ${name}`,
  unmuteItem: (name: string) => `Unmute ${name}`,
  confirmTitle: (name: string) => `Block ${name}?`,
  confirmDescription: (name: string) =>
    `You and ${name} will no longer see each other's profile, posts or comments, or find each ` +
    `other in search. Any follow between you ends, and neither of you can follow, mention, ` +
    `comment on or like the other's posts. ${name} is not told. You can unblock them in ` +
    `Settings → Blocked & muted.`,
  confirmLabel: 'Block',
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  muted: (name: string) => `${name} is muted: their posts and comments leave your feeds`,
  unmuted: (name: string) => `${name} is unmuted`,
} as const;
