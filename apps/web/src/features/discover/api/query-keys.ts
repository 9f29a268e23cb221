import type { DiscoverFilters } from '../filters';

/** The cache keys of Discover, in one place. */
export const discoverKeys = {
  all: ['discover'] as const,
  /** The members for one set of filters, page after page. */
  members: (filters: DiscoverFilters) => ['discover', 'members', filters] as const,
  /** The viewer's boost: running until, next one from. */
  boost: () => ['discover', 'boost'] as const,
};
