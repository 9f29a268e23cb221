import { API_ROUTES, routeKey } from '@kindred/contracts/api-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { servedApiRoutes } from './test/contract-check.js';

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
