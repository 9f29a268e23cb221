import type { ReverseGeocodeResponse } from '@kindred/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /api/geo/reverse?lat=&lon=: the place at the member's position. The API answers from its
 * offline gazetteer, or asks its optional online geocoder first (which gives up after 5 s), so allow
 * a little longer than that here.
 */
export function reverseGeocode(
  latitude: number,
  longitude: number,
): Promise<ReverseGeocodeResponse> {
  return api.get<ReverseGeocodeResponse>('/geo/reverse', {
    query: { lat: latitude, lon: longitude },
    timeoutMs: 8_000,
  });
}
