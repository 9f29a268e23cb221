import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { photos, profiles } from '../../db/schema.js';

/** Test-only helpers: finished profiles written straight into the tables (no files stored). */

export interface ProfileFields {
  age?: number;
  gender?: (typeof profiles.$inferInsert)['gender'];
  sexuality?: (typeof profiles.$inferInsert)['sexuality'];
  city?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  interests?: string[];
  /** false: a profile without a profile picture (an unfinished one). */
  photo?: boolean;
}

/** A finished profile (a profile and a profile picture) for an existing member. */
export async function giveProfile(
  context: AppContext,
  userId: string,
  fields: ProfileFields = {},
): Promise<void> {
  const { photo = true, ...profile } = fields;
  await context.db.insert(profiles).values({
    userId,
    age: 30,
    gender: 'female',
    sexuality: 'straight',
    locationText: profile.city ?? 'Somewhere',
    city: 'Somewhere',
    latitude: null,
    longitude: null,
    interests: ['Travel'],
    ...profile,
  });
  if (!photo) return;
  const key = randomBytes(12).toString('hex');
  await context.db.insert(photos).values({
    userId,
    position: 0,
    storageKey: `${key}.webp`,
    thumbnailKey: `${key}-thumb.webp`,
    width: 10,
    height: 10,
    bytes: 100,
    thumbnailBytes: 10,
  });
}

/**
 * A place of its own (between 60° S and 60° N): members put there meet only each other in a
 * Discover narrowed to a few km, whatever else the test database holds.
 */
export function randomPlace(): { latitude: number; longitude: number } {
  const unit = () => randomBytes(4).readUInt32BE() / 0x1_0000_0000;
  return { latitude: -60 + 120 * unit(), longitude: -180 + 360 * unit() };
}
