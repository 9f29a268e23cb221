import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';

/**
 * How the built web app is cached and compressed (issue 18, "Web"): Vite's fingerprinted files are
 * kept for good, anything that keeps its name across releases is revalidated before each use, and
 * what is text travels as brotli when the browser accepts it.
 */
describe('caching of the served web app', () => {
  let web: TestApp;
  let dist: string;
  const script = `export const words = ${JSON.stringify('kindred '.repeat(2000))};\n`;
  /** An asset the build wrote `.br` and `.gz` twins of (apps/web/vite.config.ts, precompressAssets). */
  const entry = `export const lines = ${JSON.stringify(
    Array.from({ length: 400 }, (_, i) => `line ${i} of the entry chunk`),
  )};\n`;
  const entryUrl = '/assets/entry-C4f9aQ1z.js';
  /** At maximum quality, as the build makes it: not what the middleware's quality 2 would send. */
  const entryBr = brotliCompressSync(entry, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
  });
  const entryGz = gzipSync(entry, { level: 9 });
  const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(200)}</svg>`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kindred-web-cache-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><title>Kindred</title></head><body>${'<!-- padding -->'.repeat(200)}<div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(dist, 'assets', 'index-Bx7k2QfA.js'), script);
    writeFileSync(path.join(dist, 'favicon.svg'), icon);
    const entryFile = path.join(dist, 'assets', 'entry-C4f9aQ1z.js');
    writeFileSync(entryFile, entry);
    writeFileSync(`${entryFile}.br`, entryBr);
    writeFileSync(`${entryFile}.gz`, entryGz);
    // A twin that goes missing while the app runs (a build replaced under it).
    const goneFile = path.join(dist, 'assets', 'gone-twin-D1x0.js');
    writeFileSync(goneFile, script);
    writeFileSync(`${goneFile}.br`, brotliCompressSync(script));
    web = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    rmSync(`${goneFile}.br`);
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** The response's bytes, read whole (the Content-Encoding header says how they travelled). */
  const raw = (req: request.Test) =>
    req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  /** The text, whether or not supertest has already undone the brotli. */
  const text = (res: request.Response): string => {
    const body = res.body as Buffer;
    try {
      return brotliDecompressSync(body).toString();
    } catch {
      return body.toString();
    }
  };

  it('keeps fingerprinted assets for a year, immutable, and sends them as brotli', async () => {
    const res = await raw(
      request(web.app).get('/assets/index-Bx7k2QfA.js').set('Accept-Encoding', 'gzip, br'),
    );
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(text(res)).toBe(script);
  });

  it('has the browser revalidate the app page on every visit, whichever way it is asked for', async () => {
    for (const url of ['/', '/feed', '/index.html']) {
      const res = await request(web.app).get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('revalidates files that keep their name across releases (the favicon), compressed', async () => {
    const res = await raw(request(web.app).get('/favicon.svg').set('Accept-Encoding', 'br'));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(text(res)).toBe(icon);

    const etag = res.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await request(web.app)
      .get('/favicon.svg')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', String(etag));
    expect(again.status).toBe(304);
  });

  it('sends JSON as brotli when the browser accepts it', async () => {
    const res = await raw(
      request(web.app).get('/api/openapi.json').set('Accept-Encoding', 'gzip, br'),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(text(res))).toHaveProperty('openapi');
  });

  describe('precompressed twins of the build', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = web.app.listen(0, '127.0.0.1');
      await once(server, 'listening');
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.close();
      await once(server, 'close');
    });

    interface Answer {
      status: number;
      headers: IncomingHttpHeaders;
      /** The bytes as they travelled (supertest would decode them). */
      body: Buffer;
    }
    /** A request over HTTP that sends exactly the headers given (supertest adds Accept-Encoding). */
    const send = (url: string, headers: Record<string, string>, method = 'GET') =>
      new Promise<Answer>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
    const get = (encoding: string, headers: Record<string, string> = {}) =>
      send(entryUrl, { 'Accept-Encoding': encoding, ...headers });
    const JS = 'text/javascript; charset=utf-8';

    it('sends the brotli twin as it is to a browser that accepts brotli', async () => {
      const res = await get('gzip, deflate, br, zstd');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe(JS);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(entryBr.length);
      // The build's bytes: not compressed again by the middleware, nor anew at quality 2.
      expect(res.body.equals(entryBr)).toBe(true);
      expect(brotliDecompressSync(res.body).toString()).toBe(entry);
    });

    it('sends the gzip twin to a browser without brotli', async () => {
      for (const encoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
        const res = await get(encoding);
        expect(res.status, encoding).toBe(200);
        expect(res.headers['content-encoding'], encoding).toBe('gzip');
        expect(res.headers['content-type'], encoding).toBe(JS);
        expect(res.headers['vary'], encoding).toMatch(/Accept-Encoding/i);
        expect(res.body.equals(entryGz), encoding).toBe(true);
        expect(gunzipSync(res.body).toString(), encoding).toBe(entry);
      }
    });

    it('prefers brotli when the browser ranks both alike, or accepts any coding', async () => {
      for (const encoding of ['gzip, br', 'br;q=0.8, gzip;q=0.8', '*']) {
        const res = await get(encoding);
        expect(res.headers['content-encoding'], encoding).toBe('br');
        expect(res.body.equals(entryBr), encoding).toBe(true);
      }
    });

    it('sends the file itself to a browser that accepts no compression', async () => {
      const unsaid = await send(entryUrl, {});
      for (const [encoding, res] of [
        ['(none)', unsaid],
        ...(await Promise.all(
          ['', 'identity', 'deflate;q=0', 'br;q=0, gzip;q=0'].map(
            async (encoding) => [encoding, await get(encoding)] as const,
          ),
        )),
      ] as const) {
        expect(res.status, encoding).toBe(200);
        expect(res.headers['content-encoding'], encoding).toBeUndefined();
        expect(res.headers['content-type'], encoding).toBe(JS);
        expect(res.headers['vary'], encoding).toMatch(/Accept-Encoding/i);
        expect(res.body.toString(), encoding).toBe(entry);
      }
    });

    it('answers HEAD with the headers of the twin it would send, and no body', async () => {
      for (const [encoding, twin] of [
        ['br', entryBr],
        ['gzip', entryGz],
      ] as const) {
        const res = await send(entryUrl, { 'Accept-Encoding': encoding }, 'HEAD');
        expect(res.status, encoding).toBe(200);
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(res.headers['content-type'], encoding).toBe(JS);
        expect(Number(res.headers['content-length']), encoding).toBe(twin.length);
        expect(res.headers['etag'], encoding).toBe((await get(encoding)).headers['etag']);
        expect(res.body.length, encoding).toBe(0);
      }
    });

    it('has one ETag per encoding, and answers 304 only for the bytes the browser holds', async () => {
      const tags = new Map<string, string>();
      for (const encoding of ['br', 'gzip', 'identity']) {
        tags.set(encoding, String((await get(encoding)).headers['etag']));
      }
      expect(new Set(tags.values()).size).toBe(3);

      for (const [encoding, tag] of tags) {
        const again = await get(encoding, { 'If-None-Match': tag });
        expect(again.status, encoding).toBe(304);
        expect(again.headers['etag'], encoding).toBe(tag);
        expect(again.body.length, encoding).toBe(0);
      }
      // The brotli copy's tag from a browser that now asks for gzip: the gzip bytes, in full.
      const other = await get('gzip', { 'If-None-Match': tags.get('br')! });
      expect(other.status).toBe(200);
      expect(other.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(other.body).toString()).toBe(entry);
    });

    it("answers a range request with the file's own bytes", async () => {
      const res = await get('br, gzip', { Range: 'bytes=7-19' });
      expect(res.status).toBe(206);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-range']).toBe(`bytes 7-19/${Buffer.byteLength(entry)}`);
      expect(res.body.toString()).toBe(entry.slice(7, 20));
    });

    it('serves a file whose twin has gone since the start as before (compressed here)', async () => {
      const res = await send('/assets/gone-twin-D1x0.js', { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe(JS);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.body).toString()).toBe(script);
    });
  });
});
