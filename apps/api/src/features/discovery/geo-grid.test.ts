import { describe, expect, it } from 'vitest';
import { GRID_COLUMNS, GRID_ROWS, cellOf, cellRangesWithin, haversineKm } from './geo-grid.js';

/**
 * The grid prefilter must never leave out a member the exact distance keeps: for centres all over
 * the globe — on the antimeridian, next to both poles, on the equator — and radii up to Discover's
 * widest, every point within the radius lies in one of the listed cell ranges.
 */

/** A deterministic stream of numbers in [0, 1) (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function inRanges(cell: number, ranges: readonly (readonly [number, number])[]): boolean {
  return ranges.some(([low, high]) => cell >= low && cell <= high);
}

/** The point `distanceKm` from the centre in direction `bearing` (radians) on the sphere. */
function destination(latitude: number, longitude: number, distanceKm: number, bearing: number) {
  const rad = Math.PI / 180;
  const angle = distanceKm / 6371.0088;
  const lat1 = latitude * rad;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing),
  );
  const lon2 =
    longitude * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  const lon = ((((lon2 / rad + 180) % 360) + 360) % 360) - 180;
  return { latitude: lat2 / rad, longitude: lon };
}

const CENTRES: Array<[number, number]> = [
  [0, 0],
  [0, 179.99],
  [0, -179.99],
  [-17.7, 178.1],
  [65.8, -179.5],
  [89.9, 12],
  [-89.95, -120],
  [90, 0],
  [-90, 0],
  [84, 179.8],
  [48.85, 2.35],
  [-33.9, 151.2],
];

describe('cellRangesWithin', () => {
  it('lists sorted, disjoint ranges inside the grid', () => {
    for (const [latitude, longitude] of CENTRES) {
      for (const radius of [1, 10, 50, 500]) {
        const ranges = cellRangesWithin(latitude, longitude, radius);
        expect(ranges.length).toBeGreaterThan(0);
        for (const [index, [low, high]] of ranges.entries()) {
          expect(low).toBeLessThanOrEqual(high);
          expect(low).toBeGreaterThanOrEqual(0);
          expect(high).toBeLessThan(GRID_ROWS * GRID_COLUMNS);
          if (index > 0) expect(low).toBeGreaterThan(ranges[index - 1]![1] + 1);
        }
      }
    }
  });

  it('covers every point within the radius, across the antimeridian and round the poles', () => {
    const next = random(15);
    let checked = 0;
    for (const [latitude, longitude] of CENTRES) {
      for (const radius of [1, 5, 25, 100, 499.9, 500]) {
        const ranges = cellRangesWithin(latitude, longitude, radius);
        for (let i = 0; i < 400; i += 1) {
          // Points near the edge matter most: within 90–100 % of the radius half of the time.
          const distance = radius * (i % 2 === 0 ? 0.9 + 0.1 * next() : next());
          const point = destination(latitude, longitude, distance, next() * 2 * Math.PI);
          if (haversineKm(latitude, longitude, point.latitude, point.longitude) > radius) continue;
          expect(
            inRanges(cellOf(point.latitude, point.longitude), ranges),
            `${JSON.stringify(point)} within ${radius} km of ${latitude},${longitude}`,
          ).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  });

  it('stays small: a few ranges for 500 km, one range round a pole', () => {
    expect(cellRangesWithin(48.85, 2.35, 10).length).toBeLessThanOrEqual(3);
    expect(cellRangesWithin(48.85, 2.35, 500).length).toBeLessThanOrEqual(20);
    // Across the antimeridian: two column ranges in each of two rows, the middle two adjoining.
    expect(cellRangesWithin(0, 179.99, 50).length).toBe(3);
    expect(cellRangesWithin(89.9, 12, 50)).toEqual([
      [cellOf(89.45, -180), GRID_ROWS * GRID_COLUMNS - 1],
    ]);
  });
});

describe('haversineKm', () => {
  it('measures across the antimeridian and over the pole', () => {
    // 0.2° of longitude on the equator, either side of 180°.
    expect(haversineKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.24, 1);
    // Over the north pole: 0.1° each side of it.
    expect(haversineKm(89.9, 0, 89.9, 180)).toBeCloseTo(22.24, 1);
    expect(haversineKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(343.9, 0);
  });
});
