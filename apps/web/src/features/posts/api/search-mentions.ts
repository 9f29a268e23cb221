import type { MentionSearchResponse } from '@kindred/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './query-keys';

/** GET /api/users/search?q= — members whose name starts with the text (not the searcher). */
export function searchMentionCandidates(
  query: string,
  signal?: AbortSignal,
): Promise<MentionSearchResponse> {
  return api.get<MentionSearchResponse>('/users/search', { query: { q: query }, signal });
}

/** Suggestions for the mention being typed; runs for one character or more (SPEC §5 Search). */
export function useMentionCandidates(query: string | null) {
  const text = query?.trim() ?? '';
  return useQuery({
    queryKey: postKeys.mentionSearch(text),
    queryFn: ({ signal }) => searchMentionCandidates(text, signal),
    enabled: text.length >= 1,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (response) => response.users,
  });
}
