import type { BrowserContext } from 'playwright-core';
import type { Member } from './members.js';

/** A 1×1 PNG: enough for the server to sniff, re-encode and serve back. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A place as the wizard sends it once picked: its name and, for Discover's distances, coordinates. */
export interface PickedPlace {
  formatted_address: string;
  city?: string;
  country?: string;
  latitude: number;
  longitude: number;
}

export interface ProfileDetails {
  age: number;
  gender: 'male' | 'female';
  location: string | PickedPlace;
  bio: string;
  interests: string[];
}

/**
 * A finished profile over HTTP, on the free plan with one photo, in the member's own browser
 * context (the profile journey is the one that walks the wizard).
 */
export async function createFinishedProfile(
  context: BrowserContext,
  member: Member,
  details: ProfileDetails,
  /** The profile photo: a tiny PNG unless the journey needs a real one (a face). */
  photo: { name: string; mimeType: string; buffer: Buffer } = {
    name: 'me.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  },
): Promise<void> {
  const upload = await context.request.post('/api/profile/upload-photo', {
    multipart: { photo },
  });
  if (!upload.ok()) throw new Error(`photo upload answered ${upload.status()}`);
  const { url } = (await upload.json()) as { url: string };
  const created = await context.request.post('/api/profile/create', {
    data: {
      userId: member.id,
      plan: 'free',
      firstName: member.firstName,
      lastName: member.lastName,
      sexuality: 'straight',
      ...details,
      photos: [url],
    },
  });
  if (!created.ok()) throw new Error(`profile/create answered ${created.status()}`);
}
