import {
  coordinatesInText,
  placeLabel,
  PROFILE_MESSAGES,
  type GeoPlace,
  type LocationInput,
} from '@kindred/contracts';
import { AppError } from '../../http/errors.js';
import { findCity, nearestCity } from '../geo/index.js';

/** A location as stored: display text (shown to members) and private coordinates. */
export interface StoredLocation {
  locationText: string;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);
const notAPlace = () => new AppError(400, PROFILE_MESSAGES.locationNotAPlace);

/** "Lyon, Rhône, France": the city's own name and country around any region the member typed. */
function labelFor(city: GeoPlace, typedParts: string[]): string {
  return placeLabel([city.name, ...typedParts.slice(1, -1), city.country]);
}

/**
 * The wizard's location (typed text, a picked suggestion, or a reverse-geocoded object) as stored.
 * The shown text is always a place name, never coordinates:
 * - text that is really coordinates ("48.8566, 2.3522") becomes the nearest city, with the
 *   coordinates kept for the member only; far from any city, or text with no letters at all,
 *   it is refused (400);
 * - a typed city the gazetteer knows ("lyon", "Paris, US") gets its city, country and proper
 *   label ("Lyon, France"); one it does not know is kept as typed;
 * - repeated parts are left out ("Lisbon, Lisbon, Portugal" → "Lisbon, Portugal").
 */
export function toStoredLocation(input: LocationInput): StoredLocation {
  const fields = typeof input === 'string' ? { formatted_address: input } : input;
  const text = fields.formatted_address.trim();
  let latitude = fields.latitude ?? null;
  let longitude = fields.longitude ?? null;

  const typedCoordinates = coordinatesInText(text);
  if (typedCoordinates || !/\p{L}/u.test(text)) {
    latitude ??= typedCoordinates?.latitude ?? null;
    longitude ??= typedCoordinates?.longitude ?? null;
    const near = latitude !== null && longitude !== null && nearestCity(latitude, longitude);
    if (!near) throw notAPlace();
    return {
      locationText: near.label,
      city: near.name,
      country: near.country,
      latitude,
      longitude,
    };
  }

  const parts = text.split(',').map((part) => part.trim());
  const city = blankToNull(fields.city?.trim());
  const country = blankToNull(fields.country?.trim());
  if (!city) {
    const known = findCity(text);
    if (known) {
      return {
        locationText: labelFor(known, parts),
        city: known.name,
        country: known.country,
        latitude,
        longitude,
      };
    }
  }
  return { locationText: placeLabel(parts), city, country, latitude, longitude };
}
