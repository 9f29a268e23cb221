import { GEO_LIMITS, type CitySearchResponse, type GeoPlace } from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Suggestions shown under the Location field. */
export const CITY_SUGGESTIONS = GEO_LIMITS.citiesDefault;

export const citySearchKeys = {
  search: (text: string) => ['geo', 'cities', text] as const,
};

/** GET /api/geo/cities?q=&limit=: cities starting with the text (case and accents ignored). */
export async function searchCities(
  text: string,
  limit: number = CITY_SUGGESTIONS,
  signal?: AbortSignal,
): Promise<GeoPlace[]> {
  const response = await api.get<CitySearchResponse>('/geo/cities', {
    query: { q: text, limit },
    signal,
  });
  return response.cities;
}

/** The suggestions for what the member has typed (nothing is asked for an empty text). */
export function useCitySearch(text: string) {
  return useQuery({
    queryKey: citySearchKeys.search(text),
    queryFn: ({ signal }) => searchCities(text, CITY_SUGGESTIONS, signal),
    enabled: text.length >= 1,
    // Places do not change: what was fetched once stays good.
    staleTime: Infinity,
  });
}
