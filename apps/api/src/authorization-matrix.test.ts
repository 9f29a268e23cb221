import { writeFileSync } from 'node:fs';
import { routeKey } from '@kindred/contracts/api-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComment, buildFollow, buildPost } from './features/posts/test-factories.js';
import { plainJpeg, uploadPhotos, validProfile } from './features/profiles/test-fixtures.js';
import { createTestApp, type TestApp } from './test/app.js';
import {
  ACTORS,
  buildWorld,
  matrixSection,
  ROUTES,
  runCell,
  staleCases,
  unclassifiedRoutes,
  type Cell,
  type World,
} from './test/authorization-matrix.js';

/**
 * Issue 19's authorization matrix, generated from the route table: every route × every kind of
 * caller, acting on one member's (the owner's) things, in one seeded world. Each cell's status is
 * the one its route's class promises, and a refused write leaves the database as it was.
 * SECURITY_MATRIX_OUT=<file> also writes the table (`pnpm security:matrix` puts it in docs/security.md).
 */

const factories = { buildComment, buildFollow, buildPost, plainJpeg, uploadPhotos, validProfile };

let t: TestApp;
let w: World;
const cells: Cell[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t, factories);
}, 60_000);

afterAll(async () => {
  const out = process.env.SECURITY_MATRIX_OUT;
  if (out && cells.length > 0) writeFileSync(out, `${matrixSection(cells)}\n`);
  await t.close();
});

describe('the authorization matrix', () => {
  it('classifies every route of the table', () => {
    expect(unclassifiedRoutes(), 'routes missing from ROUTE_CASES').toEqual([]);
    expect(staleCases(), 'cases for routes no longer in the table').toEqual([]);
  });

  it.each(ROUTES.map((route) => [routeKey(route), route] as const))(
    '%s: each caller gets what the route promises, a refused write changes nothing',
    async (_key, route) => {
      const results: Cell[] = [];
      for (const actor of ACTORS) results.push(await runCell(w, route, actor));
      cells.push(...results);
      const got = results.map(({ actor, status, changedTables }) => ({
        actor,
        status,
        changedTables,
      }));
      const want = results.map(({ actor, expected }) => ({
        actor,
        status: expected,
        changedTables: [],
      }));
      expect(got).toEqual(want);
    },
    30_000,
  );
});
