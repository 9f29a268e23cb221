import { API_ROUTES, routeKey } from '@kindred/contracts/api-routes';
import express, { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import {
  checkResponsesAgainstContracts,
  servedApiRoutes,
  takeContractViolations,
} from './test/contract-check.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the route table in packages/contracts', () => {
  it('names every route the app serves, and no other', () => {
    const served = servedApiRoutes(t.app).sort();
    const declared = API_ROUTES.map(routeKey).sort();
    expect(served.length).toBeGreaterThan(30);
    expect(
      served.filter((route) => !declared.includes(route)),
      'served but not in API_ROUTES',
    ).toEqual([]);
    expect(
      declared.filter((route) => !served.includes(route)),
      'in API_ROUTES but not served',
    ).toEqual([]);
  });
});

describe('the contract check every test app carries', () => {
  /** An app whose /api/health answers `body` with `status`, checked like every test app. */
  function appAnswering(status: number, body: unknown) {
    const app = express();
    const api = Router();
    api.get('/health', (_req, res) => {
      res.status(status).json(body);
    });
    app.use('/api', api);
    checkResponsesAgainstContracts(app);
    return app;
  }

  it('records a body with a field its contract does not have, naming the route and the field', async () => {
    await request(appAnswering(200, { success: true, database: 'pglite', email: 'a@b.c' })).get(
      '/api/health',
    );
    const [violation, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(violation).toMatchObject({ request: 'GET /api/health', status: 200 });
    expect(violation?.problem).toContain('Unrecognized key: "email"');
  });

  it('checks error bodies against the error contract (a code is required)', async () => {
    await request(appAnswering(503, { success: false, message: 'Database unavailable' })).get(
      '/api/health',
    );
    const [violation] = takeContractViolations();
    expect(violation?.problem).toContain('code');
  });

  it('lets a body that matches its contract through', async () => {
    await request(appAnswering(200, { success: true, database: 'pglite' })).get('/api/health');
    expect(takeContractViolations()).toEqual([]);
  });
});
