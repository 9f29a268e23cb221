import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { sessionCookieName, sessionMiddleware } from './session.js';

/**
 * Issue 19 finding 15: no public source maps, a CSP whose style-src names no https: host, a
 * Permissions-Policy, and `__Host-` Secure cookies in production.
 */

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'kindred-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kindred</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.map'), '{"sources":["src/app.tsx"]}');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('hardening', () => {
  it('never serves a source map, even one left in the build folder', async () => {
    await request(t.app).get('/assets/app-abc123.js').expect(200);
    const map = await request(t.app).get('/assets/app-abc123.js.map');
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('sources');
  });

  it('allows styles from our own origin only (no https: wildcard)', async () => {
    const res = await request(t.app).get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src'));
    expect(styleSrc).toBeDefined();
    expect(styleSrc).not.toContain('https:');
    expect(styleSrc).toContain("'self'");
  });

  it('sends a Permissions-Policy that keeps the microphone off and the camera to our own pages', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await request(t.app).get(url);
      // Photo verification takes a selfie with the camera.
      expect(res.headers['permissions-policy'], url).toContain('camera=(self)');
      expect(res.headers['permissions-policy'], url).toContain('microphone=()');
    }
  });

  it('names the session cookie __Host-… and makes it Secure in production', async () => {
    expect(sessionCookieName({ isProduction: true })).toBe('__Host-kindred.sid');
    expect(sessionCookieName({ isProduction: false })).toBe('kindred.sid');
    const app = express();
    app.set('trust proxy', true);
    app.use(
      sessionMiddleware(
        { ...t.context.config, isProduction: true, trustProxy: true },
        t.context.sessionStore,
      ),
    );
    app.get('/sign-in', (req, res) => {
      req.session.auth = {
        userId: '00000000-0000-4000-8000-000000000000',
        stage: 'pending',
        handle: 'h',
      };
      res.json({ ok: true });
    });
    const res = await request(app).get('/sign-in').set('X-Forwarded-Proto', 'https');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0] ?? '';
    expect(cookie).toMatch(/^__Host-kindred\.sid=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
