import { SEARCH_LIMITS, type SearchSuggestion, type UserSearchResponse } from '@kindred/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Page size of the results page and of the dropdown (SPEC §9 "Search"). */
export const SEARCH_PAGE_SIZE = SEARCH_LIMITS.defaultPageSize;

export const searchKeys = {
  all: ['users', 'search'] as const,
  page: (text: string, page: number, limit: number) =>
    ['users', 'search', text, page, limit] as const,
};

export interface SearchPage {
  suggestions: SearchSuggestion[];
  totalCount: number;
  /** More members match than were counted: show the count as "1000+". */
  totalCountCapped: boolean;
}

/** GET /api/users/search?searchText=&page=&limit= (matching ignores case and accents). */
export async function searchMembers(
  searchText: string,
  page: number,
  limit: number = SEARCH_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const response = await api.get<UserSearchResponse>('/users/search', {
    query: { searchText, page, limit },
    signal,
  });
  return {
    suggestions: response.suggestions,
    totalCount: response.totalCount,
    totalCountCapped: response.totalCountCapped === true,
  };
}

export function useMemberSearch(
  searchText: string,
  page: number,
  options: { enabled?: boolean; initialData?: SearchPage; keepPrevious?: boolean } = {},
) {
  return useQuery({
    queryKey: searchKeys.page(searchText, page, SEARCH_PAGE_SIZE),
    queryFn: ({ signal }) => searchMembers(searchText, page, SEARCH_PAGE_SIZE, signal),
    enabled: (options.enabled ?? true) && searchText.length >= 1,
    initialData: options.initialData,
    // The results page keeps the last page on screen while the next one loads.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    staleTime: 30_000,
  });
}
