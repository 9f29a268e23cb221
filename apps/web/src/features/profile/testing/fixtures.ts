import type { Profile } from '@kindred/contracts';
import { vi } from 'vitest';

export const MEMBER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
export const OTHER_ID = '0b7a3c1d-2e4f-4a6b-8c9d-0e1f2a3b4c5d';

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: MEMBER_ID,
    userId: MEMBER_ID,
    plan: 'free',
    firstName: 'Zoë',
    lastName: 'Ångström',
    age: 29,
    gender: 'female',
    sexuality: 'bisexual',
    bio: 'Hello there',
    interests: ['Travel', 'Music'],
    location: {
      formatted_address: 'Paris, Île-de-France, France',
      city: 'Paris',
      country: 'France',
    },
    photos: ['/api/media/a1.webp', '/api/media/a2.webp'],
    thumbnails: ['/api/media/a1-thumb.webp', '/api/media/a2-thumb.webp'],
    photoAlts: [null, null],
    profilePicture: '/api/media/a1.webp',
    verifiedBadge: true,
    photoVerified: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** jsdom has no geolocation: answer with a position, or refuse like a denied permission. */
export function stubGeolocation(answer: { latitude: number; longitude: number } | 'denied') {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (answer === 'denied') {
        failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
      } else {
        success({ coords: answer, timestamp: Date.now() } as unknown as GeolocationPosition);
      }
    },
  );
  Object.defineProperty(window.navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

export function imageFile(name: string, bytes = 1_024, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
