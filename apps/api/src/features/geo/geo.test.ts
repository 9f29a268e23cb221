import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { ReverseGeocoder } from './geocoder.js';

/** A tiny Nominatim stand-in: records each request and answers what the test says. */
interface SeenRequest {
  url: URL;
  userAgent: string | undefined;
  at: number;
}
let seen: SeenRequest[] = [];
let answer: (req: IncomingMessage) => { status: number; body: unknown } | 'hang';

let geocoder: Server;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  geocoder = createServer((req, res) => {
    seen.push({
      url: new URL(req.url ?? '/', 'http://x'),
      userAgent: req.headers['user-agent'],
      at: Date.now(),
    });
    const reply = answer(req);
    if (reply === 'hang') return; // never answers
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
        postcode: '411005',
      },
    },
  });
});

const reverse = (lat: number | string, lon: number | string) =>
  request(t.app).get('/api/geo/reverse').query({ lat, lon }).set('Cookie', cookie);

describe('GET /geo/reverse', () => {
  it('answers the address parts and display name, asking with a proper User-Agent', async () => {
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

  it('caches answers by rounded coordinates', async () => {
    await reverse(10.1231, 20.4561);
    const again = await reverse(10.1234, 20.4564);
    expect(again.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('sends at most one request per second', async () => {
    const [first, second] = await Promise.all([reverse(1.111, 2.222), reverse(3.333, 4.444)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("answers 502 'Could not get address details' when the service fails or finds nothing", async () => {
    answer = () => ({ status: 500, body: { error: 'boom' } });
    const failed = await reverse(5.5, 6.6);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ success: false, message: 'Could not get address details' });

    answer = () => ({ status: 200, body: { error: 'Unable to geocode' } });
    const nothing = await reverse(7.7, 8.8);
    expect(nothing.status).toBe(502);
    expect(nothing.body.message).toBe('Could not get address details');
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

describe('ReverseGeocoder', () => {
  it('gives up after its timeout', async () => {
    answer = () => 'hang';
    const { port } = geocoder.address() as AddressInfo;
    const client = new ReverseGeocoder({
      baseUrl: `http://127.0.0.1:${port}`,
      userAgent: 'test',
      timeoutMs: 200,
    });
    const started = Date.now();
    await expect(client.reverse(9, 9)).rejects.toThrow(/geocoder request failed/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses at once when too many requests are waiting for their turn', async () => {
    const { port } = geocoder.address() as AddressInfo;
    const client = new ReverseGeocoder({
      baseUrl: `http://127.0.0.1:${port}`,
      userAgent: 'test',
      minIntervalMs: 200,
      maxQueued: 2,
    });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => client.reverse(n, n)));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
  });
});
