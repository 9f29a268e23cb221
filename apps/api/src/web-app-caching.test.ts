import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
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
  const script = `export const words = ${JSON.stringify('kindred '.repeat(2000))};\n`;
  const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(200)}</svg>`;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'kindred-web-cache-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><title>Kindred</title></head><body>${'<!-- padding -->'.repeat(200)}<div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(dist, 'assets', 'index-Bx7k2QfA.js'), script);
    writeFileSync(path.join(dist, 'favicon.svg'), icon);
    web = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
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
});
