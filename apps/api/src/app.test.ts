import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type MediaStorage } from './features/media/storage.js';
import { buildPost, sampleVideo } from './features/posts/test-factories.js';
import { createLogger } from './platform/logger.js';
import { createTestApp, type TestApp } from './test/app.js';
import { signedInUser } from './test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API skeleton', () => {
  it('answers /api/health after pinging the database', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(['pglite', 'postgres']).toContain(res.body.database);
  });

  it('sends JSON without an ETag: hashing every body cost as much as serializing it', async () => {
    for (const url of ['/api/health', '/api/openapi.json']) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.etag, url).toBeUndefined();
    }
  });

  it('gives every response a request id, echoing a sane incoming one', async () => {
    const res = await request(t.app).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await request(t.app).get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await request(t.app).get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'No API route for GET /no/such/thing',
      code: 'NOT_FOUND',
    });
  });

  it('turns malformed JSON into a 400, not a 500', async () => {
    const res = await request(t.app)
      .post('/api/users/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Malformed JSON body',
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses bodies over the JSON limit with 413', async () => {
    const res = await request(t.app)
      .post('/api/users/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('refuses non-JSON bodies on JSON endpoints with 415', async () => {
    const res = await request(t.app)
      .post('/api/users/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('email=a@b.c&password=x');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type: send application/json',
    });
  });

  it('refuses a state-changing request another site caused (Sec-Fetch-Site)', async () => {
    const res = await request(t.app)
      .post('/api/users/logout')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'Cross-site request refused',
      code: 'FORBIDDEN',
    });
  });

  it('refuses a state-changing request from a foreign Origin', async () => {
    const res = await request(t.app)
      .post('/api/users/logout')
      .set('Origin', 'https://evil.example')
      .send({});
    expect(res.status).toBe(403);
  });

  it('lets the app’s own origin through the CSRF check', async () => {
    const res = await request(t.app)
      .post('/api/no-such-endpoint')
      .set('Origin', 'http://localhost:3000')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({});
    expect(res.status).toBe(404);
  });

  it('does not serve media without a signed-in member', async () => {
    const res = await request(t.app).get('/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: 'Please log in first',
      code: 'UNAUTHENTICATED',
    });
  });

  it('answers 404 for media that does not exist, to a member', async () => {
    const { cookie } = await signedInUser(t.context);
    const res = await request(t.app)
      .get('/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp')
      .set('Cookie', cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Media not found', code: 'NOT_FOUND' });
  });

  it('sets security headers', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends no HTTPS-only headers when the app is served over plain HTTP', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('error logging', () => {
  it('keeps the request an error carries (Authorization header, body) out of the log line', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const failingStorage: MediaStorage = {
      ...createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'kindred-failing-storage-'))),
      async put() {
        // What an HTTP client's error looks like: it carries the whole request it failed to send.
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), {
          code: 'ECONNREFUSED',
          config: { headers: { Authorization: 'Basic c3RvcmFnZS1zZWNyZXQ=' }, data: 'payload' },
          request: { _header: 'PUT /bucket HTTP/1.1\r\nAuthorization: Basic c3RvcmFnZS1zZWNyZXQ=' },
        });
      },
    };
    const own = await createTestApp({ logger, storage: failingStorage });
    try {
      const { user, cookie } = await signedInUser(own.context);
      const mp4 = sampleVideo('mp4');
      const res = await request(own.app)
        .post('/api/posts/create')
        .set('Cookie', cookie)
        .field('userId', user.id)
        .field('title', 'A video')
        .attach('media', mp4, { filename: 'clip.mp4', contentType: 'video/mp4' });
      expect(res.status).toBe(500);
      const line = lines.find((l) => l.includes('unhandled error'));
      expect(line).toBeDefined();
      expect(line).not.toContain('c3RvcmFnZS1zZWNyZXQ=');
      expect(line).not.toContain('payload');
      expect(JSON.parse(line!).err).toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await own.close();
    }
  });
});

describe('the served web app', () => {
  let web: TestApp;
  const bigScript = `export const words = ${JSON.stringify('kindred '.repeat(2000))};\n`;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'kindred-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><title>Kindred</title></head><body>${'<!-- padding -->'.repeat(200)}<div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
    web = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
  });

  /** The response's bytes, as received or as supertest already decoded them. */
  const raw = (req: request.Test) =>
    req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const decoded = (res: request.Response): string => {
    const body = res.body as Buffer;
    try {
      if (res.headers['content-encoding'] === 'gzip') return gunzipSync(body).toString();
      if (res.headers['content-encoding'] === 'br') return brotliDecompressSync(body).toString();
    } catch {
      // supertest decodes some encodings itself.
    }
    return body.toString();
  };

  it('compresses JSON responses with gzip or brotli, as the client accepts', async () => {
    const { user, cookie } = await signedInUser(web.context);
    await buildPost(web.context, user.id, { description: 'A long description. '.repeat(100) });
    const gzip = await raw(
      request(web.app).get('/api/posts').set('Cookie', cookie).set('Accept-Encoding', 'gzip'),
    );
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip)).success).toBe(true);
    const br = await raw(
      request(web.app).get('/api/posts').set('Cookie', cookie).set('Accept-Encoding', 'br'),
    );
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(br)).success).toBe(true);
    // Compressed in one call (http/compressed-bodies.ts), so sent whole with its length.
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBeGreaterThan(0);
  });

  it('compresses index.html and JavaScript assets', async () => {
    const page = await raw(request(web.app).get('/feed').set('Accept-Encoding', 'br, gzip'));
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    const script = await raw(
      request(web.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip'),
    );
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(decoded(script)).toBe(bigScript);
  });

  it('sends uncompressed bytes to a client that accepts no encoding', async () => {
    const script = await raw(
      request(web.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity'),
    );
    expect(script.headers['content-encoding']).toBeUndefined();
    expect((script.body as Buffer).toString()).toBe(bigScript);
  });

  it('answers a Range request with the exact bytes, uncompressed (video streaming)', async () => {
    const res = await raw(
      request(web.app)
        .get('/assets/index-abc123.js')
        .set('Accept-Encoding', 'gzip, br')
        .set('Range', 'bytes=0-9'),
    );
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(bigScript)}`);
    expect((res.body as Buffer).toString()).toBe(bigScript.slice(0, 10));
  });

  it('serves a robots.txt that keeps crawlers out of members’ pages', async () => {
    const res = await request(web.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/$/m);
    expect(res.text).toMatch(/^Allow: \/\$$/m);
    expect(res.text).not.toContain('<html');
  });

  it('answers 404 for missing files instead of the app page', async () => {
    for (const file of ['/favicon.ico', '/foo.txt', '/assets/missing-123.js', '/sitemap.xml']) {
      const res = await request(web.app).get(file).set('Accept', 'text/html,*/*');
      expect(res.status, file).toBe(404);
      expect(res.text, file).not.toContain('<div id="root">');
    }
  });

  it('still answers app routes with the app page', async () => {
    for (const route of ['/', '/feed', '/viewprofile/4f9c1b2e-0000-4000-8000-000000000000']) {
      const res = await request(web.app).get(route).set('Accept', 'text/html');
      expect(res.status, route).toBe(200);
      expect(res.text, route).toContain('<div id="root">');
    }
  });
});
