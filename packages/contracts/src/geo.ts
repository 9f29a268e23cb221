import { z } from 'zod';

/**
 * Places for the profile's Location field: the city search behind the typed suggestions
 * (GET /geo/cities) and the fetch-location button's reverse lookup (GET /geo/reverse).
 */

export const GEO_LIMITS = {
  queryMaxLength: 100,
  citiesDefault: 8,
  citiesMax: 20,
} as const;

export const GEO_MESSAGES = {
  invalidCoordinates: 'Coordinates are not valid',
  /** No city near the coordinates (and the optional online geocoder found nothing either). */
  addressFailed: 'Could not get address details',
  locationFailed: 'Could not fetch location. Please check your browser permissions and try again.',
  locationFailedToast: 'Failed to get location',
  queryRequired: 'Type the first letters of a city',
  queryTooLong: `A city search can be at most ${GEO_LIMITS.queryMaxLength} characters`,
  limitInvalid: `Ask for 1 to ${GEO_LIMITS.citiesMax} cities`,
} as const;

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ message: GEO_MESSAGES.invalidCoordinates })
      .min(min, GEO_MESSAGES.invalidCoordinates)
      .max(max, GEO_MESSAGES.invalidCoordinates),
  );

export const ReverseGeocodeQuerySchema = z.object({
  lat: coordinate(-90, 90),
  lon: coordinate(-180, 180),
});

/** GET /geo/cities?q=&limit= — `q` is matched as a prefix, ignoring case and accents. */
export const CitySearchQuerySchema = z.object({
  q: z
    .string({ message: GEO_MESSAGES.queryRequired })
    .trim()
    .min(1, GEO_MESSAGES.queryRequired)
    .max(GEO_LIMITS.queryMaxLength, GEO_MESSAGES.queryTooLong),
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? GEO_LIMITS.citiesDefault : Number(value)),
    z
      .number({ message: GEO_MESSAGES.limitInvalid })
      .int(GEO_MESSAGES.limitInvalid)
      .min(1, GEO_MESSAGES.limitInvalid)
      .max(GEO_LIMITS.citiesMax, GEO_MESSAGES.limitInvalid),
  ),
});
export type CitySearchQuery = z.infer<typeof CitySearchQuerySchema>;

/** A place as the Location field offers it. `label` is what the profile shows. */
export interface GeoPlace {
  name: string;
  /** State or province, when known. */
  region?: string;
  country: string;
  /** ISO 3166-1 alpha-2, when known. */
  countryCode: string | null;
  latitude: number;
  longitude: number;
  /** "Lisbon, Portugal": the name, region and country with repeated parts left out. */
  label: string;
}

export interface CitySearchResponse {
  success: true;
  /** Most populous first. */
  cities: GeoPlace[];
}

export interface ReverseGeocodeResponse {
  success: true;
  address: {
    city: string | null;
    town: string | null;
    village: string | null;
    suburb: string | null;
    state: string | null;
    country: string | null;
  };
  displayName: string;
  /** The place to put in the Location field. */
  place: GeoPlace;
}

const foldForCompare = (part: string) =>
  part.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A place's display text from its parts, leaving out blanks and any part that repeats an earlier
 * one (ignoring case and accents): ["Lisbon", "Lisbon", "Portugal"] → "Lisbon, Portugal".
 */
export function placeLabel(parts: readonly (string | null | undefined)[]): string {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const raw of parts) {
    const part = raw?.replace(/\s+/g, ' ').trim();
    if (!part) continue;
    const key = foldForCompare(part);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(part);
  }
  return kept.join(', ');
}

/** Text that is only a latitude and longitude ("48.8566, 2.3522"): never a place name. */
const COORDINATE_TEXT =
  /^\s*\(?\s*([-+]?\d{1,3}(?:[.,]\d+)?)\s*°?\s*[,;\s]\s*([-+]?\d{1,3}(?:[.,]\d+)?)\s*°?\s*\)?\s*$/;

export function coordinatesInText(text: string): { latitude: number; longitude: number } | null {
  const match = COORDINATE_TEXT.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]!.replace(',', '.'));
  const longitude = Number(match[2]!.replace(',', '.'));
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
