import {
  advancedFiltersIn,
  DiscoverQuerySchema,
  type DiscoverQuery,
  type Gender,
  type Interest,
  type Sexuality,
} from '@kindred/contracts';

/** The filters of Discover, as the member set them (none set: everyone near). */
export interface DiscoverFilters {
  ageMin?: number;
  ageMax?: number;
  gender?: Gender[];
  sexuality?: Sexuality[];
  maxDistanceKm?: number;
  interests?: Interest[];
  verifiedOnly?: boolean;
  recentlyActive?: boolean;
}

const FILTER_KEYS = [
  'ageMin',
  'ageMax',
  'gender',
  'sexuality',
  'maxDistanceKm',
  'interests',
  'verifiedOnly',
  'recentlyActive',
] as const satisfies readonly (keyof DiscoverFilters)[];

/**
 * The filters as query parameters — the same for the page's address (`/discover?ageMin=25`, so
 * a reload or Back keeps them) and for GET /api/discover: lists joined by commas, a flag only
 * when on, nothing for what is not set.
 */
export function filtersToQuery(filters: DiscoverFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else if (typeof value === 'number') {
      query[key] = String(value);
    } else if (value === true) {
      query[key] = 'true';
    }
  }
  return query;
}

/** The filters in a page address; an address the API would refuse (edited by hand) sets none. */
export function filtersFromSearch(search: URLSearchParams): DiscoverFilters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = DiscoverQuerySchema.safeParse(raw);
  if (!parsed.success) return {};
  const { cursor: _cursor, limit: _limit, ...filters } = parsed.data satisfies DiscoverQuery;
  return filters;
}

/** True when the filters use one of the plan's advanced filters. */
export function usesAdvancedFilters(filters: DiscoverFilters): boolean {
  return advancedFiltersIn({ ...filters, limit: 1 }).length > 0;
}
