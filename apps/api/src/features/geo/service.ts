import {
  GEO_MESSAGES,
  placeLabel,
  type GeoPlace,
  type ReverseGeocodeResponse,
} from '@kindred/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../http/errors.js';
import { countryName, nearestCity, searchCities } from './gazetteer.js';
import { GeocoderError, type ReverseGeocoder, type ReverseGeocodeResult } from './geocoder.js';

type ReverseAnswer = Omit<ReverseGeocodeResponse, 'success'>;

/** GET /geo/cities: the gazetteer's cities starting with the typed text. */
export function findCities(query: string, limit: number): GeoPlace[] {
  return searchCities(query, limit);
}

/**
 * GET /geo/reverse: the place at a member's position. The configured online geocoder is asked
 * first when there is one (it knows suburbs and regions); when it is not configured, fails or
 * names no place, the offline gazetteer's nearest city answers. 404 only far from any city.
 */
export async function reverseGeocode(
  online: ReverseGeocoder | undefined,
  logger: Pick<Logger, 'warn'>,
  latitude: number,
  longitude: number,
): Promise<ReverseAnswer> {
  if (online) {
    try {
      const answer = fromOnline(await online.reverse(latitude, longitude), latitude, longitude);
      if (answer) return answer;
    } catch (error) {
      if (!(error instanceof GeocoderError)) throw error;
      logger.warn({ err: error }, 'online reverse geocoding failed; using the offline gazetteer');
    }
  }
  const city = nearestCity(latitude, longitude);
  if (!city) throw new AppError(404, GEO_MESSAGES.addressFailed);
  return {
    address: {
      city: city.name,
      town: null,
      village: null,
      suburb: null,
      state: null,
      country: city.country,
    },
    displayName: city.label,
    place: city,
  };
}

/** The online answer with its place, or undefined when it names no city, town, village or suburb. */
function fromOnline(
  result: ReverseGeocodeResult,
  latitude: number,
  longitude: number,
): ReverseAnswer | undefined {
  const { address, countryCode } = result;
  const name = address.city ?? address.town ?? address.village ?? address.suburb;
  if (!name) return undefined;
  const country = address.country ?? (countryCode ? countryName(countryCode) : '');
  const region = address.state && placeLabel([name, address.state]) !== name ? address.state : null;
  const place: GeoPlace = {
    name,
    ...(region ? { region } : {}),
    country,
    countryCode,
    // Rounded like what was sent: the member's precise position stays with the member.
    latitude: Number(latitude.toFixed(3)),
    longitude: Number(longitude.toFixed(3)),
    label: placeLabel([name, region, country]),
  };
  return { address, displayName: result.displayName, place };
}
