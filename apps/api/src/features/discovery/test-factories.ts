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
 * Places of their own, at least 1,100 km apart: a grid from 45° S to 45° N every 10° of latitude
 * and 15° of longitude (away from the antimeridian and the poles, where tests use fixed places).
 * Members put at one place, or up to 300 km from it, meet no one from another place in a Discover
 * of up to 500 km, whatever else the test database holds. A random draw could land two tests'
 * places within each other's radius; handing the grid out in turn cannot (230 places a process).
 */
const PLACES = Array.from({ length: 10 * 23 }, (_, index) => ({
  latitude: -45 + 10 * Math.floor(index / 23),
  longitude: -165 + 15 * (index % 23),
}));
let nextPlace = randomBytes(1).readUInt8() % PLACES.length;

export function randomPlace(): { latitude: number; longitude: number } {
  const place = PLACES[nextPlace % PLACES.length]!;
  nextPlace += 1;
  return { ...place };
}
