import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * Distances on stored coordinates, served by a plain btree index on both engines.
 *
 * Every profile with coordinates has a grid cell (`profiles.geo_cell`, a stored generated column:
 * half-degree rows of latitude × half-degree columns of longitude, numbered row by row). To find
 * the members within R km of a point, `cellRangesWithin` lists the cells that the spherical cap of
 * radius R touches as a few ranges of cell numbers — a range scan of `profiles_geo_cell` each —
 * and `distanceKm` (haversine, in SQL) keeps those that are really within R. The cap's exact
 * bounding box is used: latitude ± R, longitude ± asin(sin R / cos latitude), wrapped across the
 * antimeridian, and every longitude when the cap reaches a pole.
 */

export const EARTH_RADIUS_KM = 6371.0088;

/** Cells per degree; the generated column in db/schema.ts uses the same numbers. */
export const CELLS_PER_DEGREE = 2;
export const GRID_ROWS = 180 * CELLS_PER_DEGREE;
export const GRID_COLUMNS = 360 * CELLS_PER_DEGREE;

const DEGREES = Math.PI / 180;

function rowOf(latitude: number): number {
  return Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((latitude + 90) * CELLS_PER_DEGREE)));
}

function columnOf(longitude: number): number {
  const column = Math.floor((longitude + 180) * CELLS_PER_DEGREE);
  return ((column % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
}

/** The cell of a point, as the database computes it for `profiles.geo_cell`. */
export function cellOf(latitude: number, longitude: number): number {
  return rowOf(latitude) * GRID_COLUMNS + columnOf(longitude);
}

/** Inclusive ranges of cell numbers. */
export type CellRange = readonly [low: number, high: number];

/**
 * Every cell the cap of `radiusKm` around the point touches, as sorted, disjoint, merged ranges
 * (a full row joins the next one, so the cap around a pole is one range).
 */
export function cellRangesWithin(
  latitude: number,
  longitude: number,
  radiusKm: number,
): CellRange[] {
  // A hair wider than the cap, so rounding never leaves out a point the SQL distance keeps.
  const angle = (radiusKm / EARTH_RADIUS_KM) * (1 + 1e-9) + 1e-12;
  if (angle >= Math.PI) return [[0, GRID_ROWS * GRID_COLUMNS - 1]];
  const angleDegrees = angle / DEGREES;
  const south = latitude - angleDegrees;
  const north = latitude + angleDegrees;

  let columns: CellRange[] = [[0, GRID_COLUMNS - 1]];
  const reachesPole = south <= -90 || north >= 90;
  if (!reachesPole) {
    const ratio = Math.sin(angle) / Math.cos(latitude * DEGREES);
    if (ratio < 1) {
      const halfWidth = Math.asin(ratio) / DEGREES;
      const first = Math.floor((longitude - halfWidth + 180) * CELLS_PER_DEGREE);
      const last = Math.floor((longitude + halfWidth + 180) * CELLS_PER_DEGREE);
      if (last - first + 1 < GRID_COLUMNS) {
        const from = ((first % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
        const to = ((last % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
        // Across the antimeridian: the eastern end wraps round to the first columns.
        columns =
          from <= to
            ? [[from, to]]
            : [
                [0, to],
                [from, GRID_COLUMNS - 1],
              ];
      }
    }
  }

  const ranges: Array<[number, number]> = [];
  for (let row = rowOf(Math.max(-90, south)); row <= rowOf(Math.min(90, north)); row += 1) {
    for (const [from, to] of columns) {
      const low = row * GRID_COLUMNS + from;
      const high = row * GRID_COLUMNS + to;
      const previous = ranges.at(-1);
      if (previous && previous[1] + 1 >= low) previous[1] = Math.max(previous[1], high);
      else ranges.push([low, high]);
    }
  }
  return ranges;
}

/** Great-circle distance in km (haversine), as `distanceKm` computes it in SQL: for tests. */
export function haversineKm(
  fromLatitude: number,
  fromLongitude: number,
  toLatitude: number,
  toLongitude: number,
): number {
  const halfLatitude = ((toLatitude - fromLatitude) * DEGREES) / 2;
  const halfLongitude = ((toLongitude - fromLongitude) * DEGREES) / 2;
  const a =
    Math.sin(halfLatitude) ** 2 +
    Math.cos(fromLatitude * DEGREES) *
      Math.cos(toLatitude * DEGREES) *
      Math.sin(halfLongitude) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * SQL: the great-circle distance in km from a point to the row's coordinates (haversine; the
 * sine of half the longitude difference makes the antimeridian a non-event). NULL without them,
 * and NULL from a point that is a NULL placeholder (a prepared statement's viewer without a place).
 */
export function distanceKm(
  latitude: number | Placeholder,
  longitude: number | Placeholder,
  latitudeColumn: AnyColumn,
  longitudeColumn: AnyColumn,
): SQL<number | null> {
  const lat = sql`radians(${latitude}::float8)`;
  const lon = sql`radians(${longitude}::float8)`;
  // LEAST ignores NULLs: without the CASE, a member without coordinates would be half the world away.
  return sql<
    number | null
  >`(case when ${latitudeColumn} is null or ${longitudeColumn} is null then null
    else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin((radians(${latitudeColumn}) - ${lat}) / 2), 2)
      + cos(${lat}) * cos(radians(${latitudeColumn})) * power(sin((radians(${longitudeColumn}) - ${lon}) / 2), 2)
    ))) end)`;
}

/** SQL: the row's cell number lies in one of the ranges (one index range scan per range). */
export function cellInRanges(cellColumn: AnyColumn, ranges: readonly CellRange[]): SQL {
  return sql`(${sql.join(
    ranges.map(([low, high]) => sql`${cellColumn} between ${low} and ${high}`),
    sql` or `,
  )})`;
}
