import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security-headers.js';

/** The headers that are not about security, and differ between any two responses. */
const INCIDENTAL = new Set(['date', 'connection', 'content-length', 'content-type', 'etag']);

async function headersOf(middleware: express.RequestHandler, status: number) {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => void res.status(status).json({ ok: status < 400 }));
  const res = await request(app).get('/');
  return Object.fromEntries(
    Object.entries(res.headers).filter(([name]) => !INCIDENTAL.has(name.toLowerCase())),
  );
}

describe('security headers', () => {
  for (const servedOverHttps of [false, true]) {
    it(`sends what helmet sends, plus a Permissions-Policy, on every response (${servedOverHttps ? 'HTTPS' : 'plain HTTP'})`, async () => {
      const expected = await headersOf(helmet(helmetOptions(servedOverHttps)), 200);
      for (const status of [200, 404, 500]) {
        const sent = await headersOf(securityHeaders(servedOverHttps), status);
        expect(sent).toEqual({
          ...expected,
          'permissions-policy':
            'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()',
        });
      }
      expect('strict-transport-security' in expected).toBe(servedOverHttps);
      expect(
        String(expected['content-security-policy']).includes('upgrade-insecure-requests'),
      ).toBe(servedOverHttps);
    });
  }
});
