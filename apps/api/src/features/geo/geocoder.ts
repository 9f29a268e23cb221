/** Waits on the global timers (so tests drive it with fake timers, not wall time). */
const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** The address parts the wizard reads (SPEC §7 Other). Missing parts are null. */
export interface ReverseGeocodeAddress {
  city: string | null;
  town: string | null;
  village: string | null;
  suburb: string | null;
  state: string | null;
  country: string | null;
}

export interface ReverseGeocodeResult {
  address: ReverseGeocodeAddress;
  displayName: string;
  /** ISO 3166-1 alpha-2 in capitals, when the service said. */
  countryCode: string | null;
}

export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

export interface ReverseGeocoderOptions {
  /** A Nominatim-compatible service, e.g. https://nominatim.openstreetmap.org */
  baseUrl: string;
  userAgent: string;
  /** Nominatim's usage policy: at most one request per second from the whole application. */
  minIntervalMs?: number;
  timeoutMs?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  /** Decimal places the coordinates are rounded to (3 ≈ 110 m): the cache key and what is sent. */
  precision?: number;
  /** Requests allowed to wait for their turn; more are refused at once rather than piling up. */
  maxQueued?: number;
  fetch?: typeof globalThis.fetch;
}

const ADDRESS_PARTS = ['city', 'town', 'village', 'suburb', 'state', 'country'] as const;

/**
 * Reverse geocoding for the profile wizard, done by the server so the member's browser never
 * talks to a third party and the service's usage policy is kept: one identifying User-Agent,
 * at most one request per second (requests queue for their turn), answers cached in memory (LRU)
 * by rounded coordinates, identical requests in flight shared, and a timeout on each call.
 * Only rounded coordinates leave the server, at suburb level of detail (zoom 14), so the address
 * that comes back (and may be shown on the profile) is not the member's street address.
 */
export class ReverseGeocoder {
  private readonly options: Required<Omit<ReverseGeocoderOptions, 'fetch'>> & {
    fetch: typeof globalThis.fetch;
  };
  private readonly cache = new Map<string, { value: ReverseGeocodeResult; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<ReverseGeocodeResult>>();
  private nextSlotAt = 0;
  private queued = 0;

  constructor(options: ReverseGeocoderOptions) {
    this.options = {
      minIntervalMs: 1000,
      timeoutMs: 5000,
      cacheSize: 1000,
      cacheTtlMs: 24 * 60 * 60 * 1000,
      precision: 3,
      maxQueued: 30,
      fetch: globalThis.fetch.bind(globalThis),
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  async reverse(latitude: number, longitude: number): Promise<ReverseGeocodeResult> {
    const lat = latitude.toFixed(this.options.precision);
    const lon = longitude.toFixed(this.options.precision);
    const key = `${lat},${lon}`;

    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) {
      // Re-inserting moves the entry to the young end of the Map's order (LRU).
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.value;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;

    const request = this.fetchInTurn(lat, lon).then((value) => {
      this.remember(key, value);
      return value;
    });
    this.inFlight.set(key, request);
    try {
      return await request;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private remember(key: string, value: ReverseGeocodeResult): void {
    this.cache.delete(key);
    this.cache.set(key, { value, expiresAt: Date.now() + this.options.cacheTtlMs });
    while (this.cache.size > this.options.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  /** Waits for the next free one-second slot, then asks the service. */
  private async fetchInTurn(lat: string, lon: string): Promise<ReverseGeocodeResult> {
    if (this.queued >= this.options.maxQueued) throw new GeocoderError('geocoder queue is full');
    const now = Date.now();
    const slot = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = slot + this.options.minIntervalMs;
    this.queued += 1;
    try {
      if (slot > now) await sleep(slot - now);
    } finally {
      this.queued -= 1;
    }
    return this.request(lat, lon);
  }

  private async request(lat: string, lon: string): Promise<ReverseGeocodeResult> {
    const url = `${this.options.baseUrl}/reverse?format=jsonv2&lat=${lat}&lon=${lon}&zoom=14&addressdetails=1`;
    let body: unknown;
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new Error(`timed out after ${this.options.timeoutMs} ms`)),
      this.options.timeoutMs,
    );
    try {
      const response = await this.options.fetch(url, {
        headers: {
          'User-Agent': this.options.userAgent,
          Accept: 'application/json',
          'Accept-Language': 'en',
        },
        signal: abort.signal,
      });
      if (!response.ok) throw new GeocoderError(`geocoder answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof GeocoderError) throw error;
      throw new GeocoderError(`geocoder request failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
    return parseReverseResponse(body);
  }
}

function parseReverseResponse(body: unknown): ReverseGeocodeResult {
  if (typeof body !== 'object' || body === null)
    throw new GeocoderError('geocoder answer is not an object');
  const record = body as { error?: unknown; address?: unknown; display_name?: unknown };
  if (record.error !== undefined || typeof record.address !== 'object' || record.address === null) {
    throw new GeocoderError('geocoder found no address');
  }
  const source = record.address as Record<string, unknown>;
  const address = Object.fromEntries(
    ADDRESS_PARTS.map((part) => {
      const value = source[part];
      return [
        part,
        typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null,
      ];
    }),
  ) as unknown as ReverseGeocodeAddress;
  const displayName =
    typeof record.display_name === 'string' ? record.display_name.slice(0, 500) : '';
  const code = source.country_code;
  const countryCode =
    typeof code === 'string' && /^[a-z]{2}$/i.test(code.trim()) ? code.trim().toUpperCase() : null;
  return { address, displayName, countryCode };
}
