import type { SearchSuggestion } from '@kindred/contracts';

/** What /view-all receives as navigation state (SPEC §2 route table). */
export interface ViewAllState {
  query: string;
  totalCount: number;
  suggestions: SearchSuggestion[];
  currentPage: number;
}

/** The navigation state, when it has the expected shape (it survives reloads, so check it). */
export function readViewAllState(state: unknown): ViewAllState | null {
  if (typeof state !== 'object' || state === null) return null;
  const candidate = state as Partial<ViewAllState>;
  if (typeof candidate.query !== 'string' || candidate.query.trim() === '') return null;
  return {
    query: candidate.query,
    totalCount: typeof candidate.totalCount === 'number' ? candidate.totalCount : 0,
    suggestions: Array.isArray(candidate.suggestions) ? candidate.suggestions : [],
    currentPage:
      typeof candidate.currentPage === 'number' &&
      Number.isInteger(candidate.currentPage) &&
      candidate.currentPage >= 1
        ? candidate.currentPage
        : 1,
  };
}
