import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { ReverseGeocoder } from './geocoder.js';

const reverseIn = (app: TestApp, cookie: string, lat: number | string, lon: number | string) =>
  request(app.app).get('/api/geo/reverse').query({ lat, lon }).set('Cookie', cookie);
const citiesIn = (app: TestApp, cookie: string, query: Record<string, string | number>) =>
  request(app.app).get('/api/geo/cities').query(query).set('Cookie', cookie);

describe('with no online geocoder configured (the default): the offline gazetteer', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { GEOCODER_URL: '' },
      rateLimits: { searchPerMember: { points: 40, durationSeconds: 60 } },
    });
    cookie = (await signedInUser(t.context)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /geo/reverse', () => {
    it('names the nearest city: "Lisbon, Portugal" for a point in Lisbon', async () => {
      const res = await reverseIn(t, cookie, 38.7223, -9.1393);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        address: {
          city: 'Lisbon',
          town: null,
          village: null,
          suburb: null,
          state: null,
          country: 'Portugal',
        },
        displayName: 'Lisbon, Portugal',
        place: {
          name: 'Lisbon',
          country: 'Portugal',
          countryCode: 'PT',
          latitude: expect.closeTo(38.717, 2),
          longitude: expect.closeTo(-9.133, 2),
          label: 'Lisbon, Portugal',
        },
      });
    });

    it('names the city, not a district of it, in Paris and Pune', async () => {
      expect((await reverseIn(t, cookie, 48.8566, 2.3522)).body.place.label).toBe('Paris, France');
      expect((await reverseIn(t, cookie, 18.530123, 73.847456)).body.place.label).toBe(
        'Pune, India',
      );
    });

    it("answers 404 'Could not get address details' in mid-ocean, far from any city", async () => {
      const res = await reverseIn(t, cookie, 0, -30);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: 'Could not get address details',
        code: 'NOT_FOUND',
      });
    });
  });

  describe('GET /geo/cities', () => {
    it('suggests cities starting with the typed letters, most populous first', async () => {
      const res = await citiesIn(t, cookie, { q: 'lis' });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.cities).toHaveLength(8);
      expect(res.body.cities[0]).toEqual({
        name: 'Lisbon',
        country: 'Portugal',
        countryCode: 'PT',
        latitude: expect.closeTo(38.717, 2),
        longitude: expect.closeTo(-9.133, 2),
        label: 'Lisbon, Portugal',
      });
      const labels = res.body.cities.map((city: { label: string }) => city.label);
      expect(labels).toContain('Lisburn, United Kingdom');
      for (const label of labels) expect(label.toLowerCase()).toMatch(/^lis/);
    });

    it('ignores case and accents both ways', async () => {
      const first = async (q: string) =>
        (await citiesIn(t, cookie, { q, limit: 1 })).body.cities[0]?.label;
      expect(await first('SAO PAU')).toBe('São Paulo, Brazil');
      expect(await first('são paulo')).toBe('São Paulo, Brazil');
      expect(await first('zuri')).toBe('Zürich, Switzerland');
      expect(await first('lodz')).toBe('Łódź, Poland');
    });

    it('narrows by country after a comma, and offers each label once', async () => {
      const paris = await citiesIn(t, cookie, { q: 'paris, united st' });
      expect(paris.body.cities.map((city: { label: string }) => city.label)).toEqual([
        'Paris, United States',
      ]);
      const springs = (await citiesIn(t, cookie, { q: 'springfield', limit: 20 })).body.cities;
      const labels = springs.map((city: { label: string }) => city.label);
      expect(new Set(labels).size).toBe(labels.length);
    });

    it('honours limit, and answers an empty list when nothing matches', async () => {
      expect((await citiesIn(t, cookie, { q: 'l', limit: 3 })).body.cities).toHaveLength(3);
      const none = await citiesIn(t, cookie, { q: 'qqqxz' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ success: true, cities: [] });
    });

    it('refuses a missing or too long query and a bad limit (400), and signed-out visitors (401)', async () => {
      for (const [query, message] of [
        [{}, 'Type the first letters of a city'],
        [{ q: '   ' }, 'Type the first letters of a city'],
        [{ q: 'x'.repeat(101) }, 'A city search can be at most 100 characters'],
        [{ q: 'lis', limit: 0 }, 'Ask for 1 to 20 cities'],
        [{ q: 'lis', limit: 21 }, 'Ask for 1 to 20 cities'],
        [{ q: 'lis', limit: 'many' }, 'Ask for 1 to 20 cities'],
      ] as const) {
        const res = await citiesIn(t, cookie, query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, message });
      }
      expect((await request(t.app).get('/api/geo/cities?q=lis')).status).toBe(401);
    });
  });
});

describe('GET /geo/cities flood limit', () => {
  it('answers 429 once a member has used up the search allowance', async () => {
    const app = await createTestApp({
      env: { GEOCODER_URL: '' },
      rateLimits: { searchPerMember: { points: 2, durationSeconds: 60 } },
    });
    try {
      const { cookie } = await signedInUser(app.context);
      expect((await citiesIn(app, cookie, { q: 'a' })).status).toBe(200);
      expect((await citiesIn(app, cookie, { q: 'b' })).status).toBe(200);
      const refused = await citiesIn(app, cookie, { q: 'c' });
      expect(refused.status).toBe(429);
      expect(refused.body.success).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('with an online geocoder configured', () => {
  /** A tiny Nominatim stand-in: records each request and answers what the test says. */
  interface SeenRequest {
    url: URL;
    userAgent: string | undefined;
  }
  let seen: SeenRequest[] = [];
  let answer: (req: IncomingMessage) => { status: number; body: unknown };
  let geocoder: Server;
  let t: TestApp;
  let cookie: string;
  const reverse = (lat: number | string, lon: number | string) => reverseIn(t, cookie, lat, lon);

  beforeAll(async () => {
    geocoder = createServer((req, res) => {
      seen.push({ url: new URL(req.url ?? '/', 'http://x'), userAgent: req.headers['user-agent'] });
      const reply = answer(req);
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as AddressInfo;
    t = await createTestApp({
      env: { GEOCODER_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://kindred.example' },
    });
    cookie = (await signedInUser(t.context)).cookie;
  });
  afterAll(async () => {
    await t.close();
    geocoder.closeAllConnections();
    await new Promise((resolve) => geocoder.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    answer = () => ({
      status: 200,
      body: {
        display_name: 'Shivajinagar, Pune, Maharashtra, 411005, India',
        address: {
          suburb: 'Shivajinagar',
          city: 'Pune',
          state: 'Maharashtra',
          country: 'India',
          country_code: 'in',
          postcode: '411005',
        },
      },
    });
  });

  it('answers the address parts, display name and place, asking with a proper User-Agent', async () => {
    const res = await reverse(18.530123, 73.847456);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      address: {
        city: 'Pune',
        town: null,
        village: null,
        suburb: 'Shivajinagar',
        state: 'Maharashtra',
        country: 'India',
      },
      displayName: 'Shivajinagar, Pune, Maharashtra, 411005, India',
      place: {
        name: 'Pune',
        region: 'Maharashtra',
        country: 'India',
        countryCode: 'IN',
        latitude: 18.53,
        longitude: 73.847,
        label: 'Pune, Maharashtra, India',
      },
    });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.url.pathname).toBe('/reverse');
    expect(call!.url.searchParams.get('format')).toBe('jsonv2');
    // Only rounded coordinates leave the server.
    expect(call!.url.searchParams.get('lat')).toBe('18.530');
    expect(call!.url.searchParams.get('lon')).toBe('73.847');
    expect(call!.userAgent).toBe('Kindred/0.1 (+https://kindred.example)');
  });

  it('labels "Lisbon, Lisbon, Portugal" as "Lisbon, Portugal"', async () => {
    answer = () => ({
      status: 200,
      body: {
        display_name: 'Lisbon, Lisbon, Portugal',
        address: { city: 'Lisbon', state: 'Lisbon', country: 'Portugal', country_code: 'pt' },
      },
    });
    const res = await reverse(38.7223, -9.1393);
    expect(res.body.place).toMatchObject({ name: 'Lisbon', label: 'Lisbon, Portugal' });
    expect(res.body.place.region).toBeUndefined();
  });

  it('caches answers by rounded coordinates', async () => {
    await reverse(10.1231, 20.4561);
    const again = await reverse(10.1234, 20.4564);
    expect(again.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('falls back to the offline gazetteer when the service fails or finds nothing', async () => {
    answer = () => ({ status: 500, body: { error: 'boom' } });
    const failed = await reverse(38.7169, -9.1399);
    expect(failed.status).toBe(200);
    expect(failed.body.place.label).toBe('Lisbon, Portugal');
    expect(failed.body.displayName).toBe('Lisbon, Portugal');

    answer = () => ({ status: 200, body: { error: 'Unable to geocode' } });
    const nothing = await reverse(48.8566, 2.3522);
    expect(nothing.status).toBe(200);
    expect(nothing.body.place.label).toBe('Paris, France');
    expect(seen).toHaveLength(2);
  });

  it('refuses coordinates out of range or missing (400), and signed-out visitors (401)', async () => {
    for (const [lat, lon] of [
      [91, 0],
      [0, 181],
      ['abc', 2],
      ['', ''],
    ]) {
      const res = await reverse(lat!, lon!);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Coordinates are not valid');
    }
    expect((await request(t.app).get('/api/geo/reverse?lat=1&lon=2')).status).toBe(401);
    expect(seen).toHaveLength(0);
  });
});

describe('ReverseGeocoder (timed with fake timers, never the wall clock)', () => {
  const okBody = { display_name: 'Pune, India', address: { city: 'Pune', country: 'India' } };
  let calls: { url: string; at: number; signal: AbortSignal | undefined }[];
  /** A fetch that answers at once, or never (until aborted) when `hang` is set. */
  const stubFetch =
    (hang = false): typeof fetch =>
    (input, init) => {
      calls.push({ url: String(input), at: Date.now(), signal: init?.signal ?? undefined });
      if (!hang) return Promise.resolve(Response.json(okBody));
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    };

  beforeEach(() => {
    calls = [];
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most one request per second: the second waits for its slot', async () => {
    const client = new ReverseGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      fetch: stubFetch(),
    });
    const first = client.reverse(1.111, 2.222);
    const second = client.reverse(3.333, 4.444);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBe(1000);
    await expect(first).resolves.toMatchObject({ address: { city: 'Pune' } });
    await expect(second).resolves.toMatchObject({ address: { city: 'Pune' } });
  });

  it('gives up after its timeout', async () => {
    const client = new ReverseGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      timeoutMs: 200,
      fetch: stubFetch(true),
    });
    const outcome = client.reverse(9, 9).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(199);
    expect(calls[0]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatch(/geocoder request failed: timed out after 200 ms/);
  });

  it('refuses at once when too many requests are waiting for their turn', async () => {
    const client = new ReverseGeocoder({
      baseUrl: 'http://geocoder.test',
      userAgent: 'test',
      minIntervalMs: 200,
      maxQueued: 2,
      fetch: stubFetch(),
    });
    const results = Promise.allSettled([1, 2, 3, 4, 5].map((n) => client.reverse(n, n)));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await results).filter((r) => r.status === 'rejected')).toHaveLength(2);
  });
});
