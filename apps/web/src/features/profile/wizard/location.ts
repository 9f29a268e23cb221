import type { GeoPlace } from '@kindred/contracts';
import type { WizardLocation } from './wizard-form';

/**
 * A place (a picked suggestion, or what the API found at the member's position) as the wizard holds
 * it: its label ("Lisbon, Portugal") is the shown text. The coordinates are the member's own when
 * the browser gave them, else the place's.
 */
export function locationFromPlace(
  place: GeoPlace,
  position?: { latitude: number; longitude: number },
): WizardLocation {
  return {
    text: place.label,
    city: place.name,
    country: place.country,
    latitude: position?.latitude ?? place.latitude,
    longitude: position?.longitude ?? place.longitude,
  };
}

/** Text the member typed without picking a suggestion: the API looks the city up when saving. */
export function locationFromText(text: string): WizardLocation | null {
  return text.trim() === ''
    ? null
    : { text, city: null, country: null, latitude: null, longitude: null };
}
