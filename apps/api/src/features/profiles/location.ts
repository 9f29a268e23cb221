import type { LocationInput } from '@kindred/contracts';

/** A location as stored: display text (shown to members) and private coordinates. */
export interface StoredLocation {
  locationText: string;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

// "48.8566, 2.3522" — the wizard's fallback when reverse geocoding fails.
const COORDINATE_TEXT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

function coordinatesIn(text: string): { latitude: number; longitude: number } | undefined {
  const match = COORDINATE_TEXT.exec(text);
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The wizard's location (text or reverse-geocoded object) as stored. Text that is really
 * coordinates is kept as coordinates and not as display text, so it is never shown to others.
 */
export function toStoredLocation(input: LocationInput): StoredLocation {
  if (typeof input === 'string') {
    const text = input.trim();
    const coordinates = coordinatesIn(text);
    if (coordinates) return { locationText: '', city: null, country: null, ...coordinates };
    return { locationText: text, city: null, country: null, latitude: null, longitude: null };
  }
  const text = input.formatted_address.trim();
  const coordinates = coordinatesIn(text);
  return {
    locationText: coordinates ? '' : text,
    city: blankToNull(input.city?.trim()),
    country: blankToNull(input.country?.trim()),
    latitude: input.latitude ?? coordinates?.latitude ?? null,
    longitude: input.longitude ?? coordinates?.longitude ?? null,
  };
}
