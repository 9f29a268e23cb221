import { once } from 'node:events';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_IN_ONE_CALL_MAX_BYTES, compressBufferedBodies } from './compressed-bodies.js';

/** A page of JSON like a feed's: about 20 KB. */
const page = {
  success: true,
  posts: Array.from({ length: 40 }, (_, n) => ({
    _id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    title: `Post number ${n}`,
    description: `Ångström and Märta went walking on day ${n}, and wrote about it at some length.`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, n)).toISOString(),
    userId: { _id: `member-${n % 7}`, firstName: 'Zoë', lastName: 'Åberg', picture: null },
  })),
};
const pageJson = JSON.stringify(page);
/** Larger than one call compresses. */
const huge = { items: 'x'.repeat(COMPRESS_IN_ONE_CALL_MAX_BYTES + 10) };

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.set('etag', false);
  // As app.ts composes them: the stream middleware, then the one-call compression.
  app.use(compression());
  app.use(compressBufferedBodies(2));
  app.get('/page', (_req, res) => void res.json(page));
  app.get('/page-by-send', (_req, res) => void res.send(page));
  app.get('/small', (_req, res) => void res.json({ success: true }));
  app.get('/huge', (_req, res) => void res.json(huge));
  app.get('/image', (_req, res) => void res.type('png').send(Buffer.alloc(4096, 7)));
  app.get('/no-transform', (_req, res) => {
    res.setHeader('Cache-Control', 'no-transform');
    res.json(page);
  });
  app.get('/created', (_req, res) => void res.status(201).json(page));
  app.get('/empty', (_req, res) => void res.status(204).send());
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** The answer's bytes as they travelled, for exactly the headers given. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('answers the app has whole are compressed in one call', () => {
  it('sends brotli to a browser, whole, with its length (not streamed in chunks)', async () => {
    const answer = await get('/page', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    // The stream sends chunked, without a length; one call knows the length before it sends.
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
    expect(answer.bytes.length).toBeLessThan(pageJson.length / 4);
    expect(brotliDecompressSync(answer.bytes).toString('utf8')).toBe(pageJson);
  });

  it('compresses res.send of an object, and any status with a body', async () => {
    for (const path of ['/page-by-send', '/created']) {
      const answer = await get(path, BROWSER);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-length']).toBe(String(answer.bytes.length));
      expect(brotliDecompressSync(answer.bytes).toString('utf8')).toBe(pageJson);
    }
  });

  it('sends gzip to a client without brotli, and follows q-values', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0.5, gzip', 'gzip, br;q=0']) {
      const answer = await get('/page', { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['content-length']).toBe(String(answer.bytes.length));
      expect(gunzipSync(answer.bytes).toString('utf8')).toBe(pageJson);
    }
  });

  it('sends the bytes as they are to a client that accepts neither, saying it varies', async () => {
    const clients: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd' },
    ];
    for (const headers of clients) {
      const answer = await get('/page', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.bytes.toString('utf8')).toBe(pageJson);
    }
  });

  it('leaves small answers, other types, no-transform, bodiless statuses and HEAD alone', async () => {
    const small = await get('/small', BROWSER);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.toString('utf8')).toBe('{"success":true}');

    const image = await get('/image', BROWSER);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.bytes).toEqual(Buffer.alloc(4096, 7));

    const noTransform = await get('/no-transform', BROWSER);
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.bytes.toString('utf8')).toBe(pageJson);

    const empty = await get('/empty', BROWSER);
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();

    const head = await get('/page', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.bytes.length).toBe(0);
  });

  it('leaves an answer too large for one call to the stream, which still compresses it', async () => {
    const answer = await get('/huge', BROWSER);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(brotliDecompressSync(answer.bytes).toString('utf8'))).toEqual(huge);
  });
});
