import type { ReverseGeocodeResponse } from '@kindred/contracts';
import { coordinateText, type WizardLocation } from './wizard-form';

/**
 * A reverse-geocoded address as the wizard shows it: "city, state, country", where the city is the
 * first of city, town, village or suburb the service knew (SPEC §2). Falls back to the service's own
 * display name, then to the coordinates.
 */
export function locationFromAddress(
  response: Pick<ReverseGeocodeResponse, 'address' | 'displayName'>,
  latitude: number,
  longitude: number,
): WizardLocation {
  const { address } = response;
  const place = address.city || address.town || address.village || address.suburb || null;
  const text =
    [place, address.state, address.country].filter(Boolean).join(', ') ||
    response.displayName ||
    coordinateText(latitude, longitude);
  return { text, city: place, country: address.country || null, latitude, longitude };
}

/** When the address lookup failed: the coordinates as text (SPEC §8 "Location"). */
export function locationFromCoordinates(latitude: number, longitude: number): WizardLocation {
  return {
    text: coordinateText(latitude, longitude),
    city: null,
    country: null,
    latitude,
    longitude,
  };
}
