export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Asks the browser for the current position; rejects with the browser's error (denied, unavailable, timeout). */
export function requestCoordinates(options: PositionOptions = {}): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('Geolocation is not available in this browser'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(error.message || 'Could not get the position')),
      { maximumAge: 5 * 60_000, ...options },
    );
  });
}

/**
 * The position, or null when the visitor says no, the browser cannot tell, or the answer takes longer
 * than `waitMs` (the browser's own timeout does not count time spent on the permission prompt).
 */
export function tryCoordinates(waitMs = 2_000): Promise<Coordinates | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    requestCoordinates({ timeout: waitMs }).then(
      (coordinates) => {
        clearTimeout(timer);
        resolve(coordinates);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
