import type { ReportStatus } from '@kindred/contracts';

/** Query keys of the moderation feature, shared so a resolution refreshes exactly its lists. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (status: ReportStatus) => ['moderation', 'queue', status] as const,
  log: () => ['moderation', 'log'] as const,
  myRole: (userId: string | null) => ['moderation', 'my-role', userId] as const,
};
