import { API_ROUTES, routeKey, type ApiRoute } from '@kindred/contracts/api-routes';
import { Validator, type SpecData } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { openApiPath, type OpenApiDocument } from './openapi.js';

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await request(t.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  document = res.body as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
});

type Operation = {
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const operationOf = (route: ApiRoute): Operation | undefined =>
  document.paths[openApiPath(route.path).path]?.[route.method.toLowerCase()] as
    Operation | undefined;
const routes = API_ROUTES as readonly ApiRoute[];

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as SpecData);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // The validator does refuse a broken one (an operation without its responses object).
    const broken = structuredClone(document) as unknown as SpecData;
    (broken.paths as Record<string, unknown>)['/api/broken'] = { get: { responses: 'none' } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('documents every route of the route table (so every served route) with its answer', () => {
    // The route table equals the served routes (api-routes.test.ts); each needs an operation here.
    const undocumented = routes.filter((route) => {
      const success = operationOf(route)?.responses['2XX']?.content;
      const media = success && Object.values(success)[0];
      return !media?.schema || Object.keys(media.schema).length === 0;
    });
    expect(undocumented.map(routeKey), 'routes without an operation and answer').toEqual([]);
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(routes.length);
  });

  it('resolves every $ref inside the document', () => {
    const refs = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === 'object' && value !== null) {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref' && typeof inner === 'string') refs.add(inner);
          else collect(inner);
        }
      }
    };
    collect(document);
    const resolves = (ref: string) =>
      ref.startsWith('#/') &&
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, part) =>
            typeof node === 'object' && node !== null
              ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
              : undefined,
          document,
        ) !== undefined;
    expect([...refs].filter((ref) => !resolves(ref))).toEqual([]);
  });

  it('writes path parameters OpenAPI style and declares each', () => {
    const route = routes.find((r) => r.method === 'PATCH' && r.path.endsWith(':commentId'))!;
    expect(openApiPath(route.path).path).toBe('/api/posts/{postId}/comments/{commentId}');
    for (const each of routes) {
      const declared = operationOf(each)!
        .parameters.filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(declared, routeKey(each)).toEqual(openApiPath(each.path).parameters);
    }
    expect(Object.keys(document.paths).filter((path) => path.includes(':'))).toEqual([]);
  });

  it('describes JSON bodies, query strings, uploads, the event stream and files', () => {
    const find = (method: string, path: string) =>
      operationOf(routes.find((r) => r.method === method && r.path === path)!)!;

    const signup = find('POST', '/api/users/signup').requestBody!.content['application/json']!;
    expect(Object.keys(signup.schema.properties as object)).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName']),
    );

    const reverse = find('GET', '/api/geo/reverse').parameters.filter((p) => p.in === 'query');
    expect(reverse.map((p) => p.name).sort()).toEqual(['lat', 'lon']);

    const upload = find('POST', '/api/posts/create').requestBody!.content['multipart/form-data']!;
    expect(upload.schema.properties).toMatchObject({
      media: { type: 'string', contentMediaType: 'application/octet-stream' },
    });
    expect(find('POST', '/api/profile/upload-photo').requestBody!.content).toHaveProperty(
      'multipart/form-data',
    );

    expect(find('GET', '/api/notifications/stream').responses['2XX']!.content).toHaveProperty(
      'text/event-stream',
    );
    expect(find('GET', '/api/media/:key').responses['2XX']!.content).toHaveProperty(
      'application/octet-stream',
    );
    // A route's own error bodies, besides the common one.
    expect(find('POST', '/api/users/login').responses).toHaveProperty('403');
    expect(find('POST', '/api/users/login').responses).toHaveProperty('default');
  });
});

describe('GET /api/docs', () => {
  it('is a page that loads Swagger UI and the document from this server only', async () => {
    const page = await request(t.app).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\//);
      const asset = await request(t.app).get(source);
      expect(asset.status, source).toBe(200);
      expect(asset.text.length, source).toBeGreaterThan(50);
    }
    // The site's CSP holds for the page: scripts from this origin only, nothing inline.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>[^<]/);
    const start = await request(t.app).get('/api/docs/start.js');
    expect(start.text).toContain("url: '/api/openapi.json'");
  });

  it('answers 404 for an asset that is not there', async () => {
    expect((await request(t.app).get('/api/docs/assets/nothing-here.js')).status).toBe(404);
  });
});
