import express, { Router, type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureRoutes } from '../app.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { firstSegmentsOf, routeByFirstSegment } from './routes-by-segment.js';

/** A router answering `GET path` with its name and the path it matched. */
function answering(name: string, ...paths: string[]): Router {
  const router = Router();
  for (const path of paths) router.get(path, (_req, res) => void res.json({ name, path }));
  return router;
}

function appOf(routers: Router[]) {
  const app = express();
  const api = Router();
  api.use(routeByFirstSegment(routers));
  api.use((_req, res) => void res.status(404).json({ name: 'not found' }));
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) =>
    void res.status(500).json({ error: error.message });
  api.use(onError);
  app.use('/api', api);
  return app;
}

describe('routeByFirstSegment', () => {
  it('keeps the given order among routers serving the same first segment', async () => {
    const app = appOf([
      answering('visitors', '/profile/visitors'),
      answering('posts', '/posts'),
      answering('profile by id', '/profile/:id'),
    ]);
    expect((await request(app).get('/api/profile/visitors')).body.name).toBe('visitors');
    expect((await request(app).get('/api/profile/42')).body.name).toBe('profile by id');
    expect((await request(app).get('/api/posts?page=2')).body.name).toBe('posts');
  });

  it('matches regardless of case and trailing slash, as Express does', async () => {
    const app = appOf([answering('posts', '/posts'), answering('discover', '/discover')]);
    expect((await request(app).get('/api/Discover')).body.name).toBe('discover');
    expect((await request(app).get('/api/discover/')).body.name).toBe('discover');
    expect((await request(app).get('/api/discovery')).status).toBe(404);
  });

  it('walks a router of unknown reach for every request, in its place', async () => {
    const everyPath = Router();
    everyPath.use((req, res, next) => {
      if (req.get('x-stop') === '1') return void res.json({ name: 'stopped' });
      next();
    });
    const app = appOf([answering('first', '/posts'), everyPath, answering('last', '/posts/:id')]);
    expect((await request(app).get('/api/posts').set('x-stop', '1')).body.name).toBe('first');
    expect((await request(app).get('/api/posts/1').set('x-stop', '1')).body.name).toBe('stopped');
    expect((await request(app).get('/api/nowhere').set('x-stop', '1')).body.name).toBe('stopped');
    expect((await request(app).get('/api/posts/1')).body.name).toBe('last');
  });

  it("passes a route's error on to the handlers after it", async () => {
    const failing = Router();
    failing.get('/posts', () => {
      throw new Error('broken');
    });
    const res = await request(appOf([failing])).get('/api/posts');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'broken' });
  });

  it('reads the reach of nested routers and refuses to guess at parameters or patterns', () => {
    const nested = Router();
    nested.use(answering('a', '/users/:id'));
    nested.use('/docs/start.js', (_req, res) => void res.end());
    expect(firstSegmentsOf(nested)).toEqual(new Set(['users', 'docs']));
    expect(firstSegmentsOf(answering('param', '/:id'))).toBeNull();
    expect(firstSegmentsOf(answering('wildcard', '/{*path}'))).toBeNull();
    const middleware = Router();
    middleware.use((_req, _res, next) => next());
    expect(firstSegmentsOf(middleware)).toBeNull();
  });
});

describe("the app's feature routers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('each say which first segments they serve, so no request walks them all', () => {
    const unknown = featureRoutes(t.context).filter((router) => firstSegmentsOf(router) === null);
    expect(unknown).toHaveLength(0);
  });
});
