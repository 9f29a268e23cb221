import { API_ROUTES, type ApiRoute } from '@kindred/contracts/api-routes';
import { ErrorResponseSchema } from '@kindred/contracts/responses';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { SESSION_COOKIE_NAME } from '../../http/session.js';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) or any part of the document. */
type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const DESCRIPTION = `Kindred's HTTP API, generated from the zod contracts of packages/contracts (the route
table in api-routes.ts). A member is signed in by the session cookie \`${SESSION_COOKIE_NAME}\`; requests
that change something must come from the site's own origin (Origin or Sec-Fetch-Site). Every error
answers \`{ success: false, message, code }\`: clients branch on \`code\`.`;

/** `/api/posts/:postId` → `/api/posts/{postId}`, with the names of its path parameters. */
export function openApiPath(expressPath: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const path = expressPath.replace(/:(\w+)/g, (_match, name: string) => {
    parameters.push(name);
    return `{${name}}`;
  });
  return { path, parameters };
}

/**
 * The API document: one operation for every route of API_ROUTES, its request (JSON body, multipart
 * upload, query string, path parameters) and its answers (success, the route's own error bodies,
 * and the common error body) as JSON Schema from `z.toJSONSchema`.
 */
export function buildOpenApiDocument(options: { serverUrl: string }): OpenApiDocument {
  const components: Record<string, Json> = {};
  const toSchema = (schema: z.core.$ZodType, io: 'input' | 'output', name: string): Json =>
    hoistDefinitions(
      z.toJSONSchema(io === 'input' ? pastGate(schema) : schema, {
        io,
        unrepresentable: 'any',
        cycles: 'ref',
        reused: 'inline',
      }),
      name,
      components,
    );

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of API_ROUTES as readonly ApiRoute[]) {
    const { path, parameters } = openApiPath(route.path);
    const id = operationId(route);
    const tag = route.path.split('/')[2] ?? 'api';
    tags.add(tag);
    const operation: Json = {
      operationId: id,
      tags: [tag],
      parameters: [
        ...parameters.map((name) => ({
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        ...(route.query ? queryParameters(toSchema(route.query, 'input', `${id}_query`)) : []),
      ],
      responses: responsesOf(route, id, toSchema),
    };
    const requestBody = requestBodyOf(route, id, toSchema);
    if (requestBody) operation.requestBody = requestBody;
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Kindred API', version: packageJson.version, description: DESCRIPTION },
    servers: [{ url: options.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
      },
    },
  };
}

/** `POST /api/posts/:postId/comments` → `post_posts_postId_comments` (unique per route). */
function operationId(route: ApiRoute): string {
  const words = route.path
    .slice('/api/'.length)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words].join('_');
}

type ToSchema = (schema: z.core.$ZodType, io: 'input' | 'output', name: string) => Json;

function responsesOf(route: ApiRoute, id: string, toSchema: ToSchema): Json {
  const responses: Json = { '2XX': successOf(route, id, toSchema) };
  for (const [status, schema] of Object.entries(route.errors ?? {})) {
    responses[status] = {
      description: `Error (status ${status})`,
      content: { 'application/json': { schema: toSchema(schema, 'output', `${id}_${status}`) } },
    };
  }
  responses.default = {
    description: 'Error: `code` names what went wrong',
    content: {
      'application/json': { schema: toSchema(ErrorResponseSchema, 'output', 'ErrorResponse') },
    },
  };
  return responses;
}

function successOf(route: ApiRoute, id: string, toSchema: ToSchema): Json {
  switch (route.response) {
    case 'file':
      return {
        description: 'The file (a Range request is answered with 206 and the part asked for)',
        content: {
          'application/octet-stream': {
            schema: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
      };
    case 'event-stream':
      return {
        description: 'Server-Sent Events, until the session ends or the client leaves',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      };
    case 'html':
      return {
        description: 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
    default:
      return {
        description: 'Success',
        content: {
          'application/json': { schema: toSchema(route.response, 'output', `${id}_response`) },
        },
      };
  }
}

function requestBodyOf(route: ApiRoute, id: string, toSchema: ToSchema): Json | undefined {
  const body = route.body ? toSchema(route.body, 'input', `${id}_body`) : undefined;
  if (route.upload) {
    const fields = (body?.properties ?? {}) as Json;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              ...fields,
              [route.upload]: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
            ...(Array.isArray(body?.required) ? { required: body.required } : {}),
          },
        },
      },
    };
  }
  if (!body) return undefined;
  return { required: true, content: { 'application/json': { schema: body } } };
}

/**
 * Some request schemas first take anything (`unknown`) and check it (which fields are filled in)
 * before the object schema: the object schema is what a client must send.
 */
function pastGate(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  while (current instanceof z.core.$ZodPipe) {
    const { in: first, out } = (current as z.core.$ZodPipe)._zod.def;
    if (!(first instanceof z.core.$ZodUnknown || first instanceof z.core.$ZodAny)) break;
    current = out;
  }
  return current;
}

/** The query string's schema as one parameter per property. */
function queryParameters(schema: Json): Json[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/**
 * A schema from `z.toJSONSchema` is a document of its own: its shared parts sit in `$defs` and its
 * references point at `#/$defs/…`. Inside the API document they move to `components/schemas`
 * (named after the operation, so two schemas' parts never collide) and the references follow.
 */
function hoistDefinitions(schema: Json, name: string, components: Record<string, Json>): Json {
  const { $schema: _dialect, $defs, ...rest } = schema;
  const definitions = ($defs ?? {}) as Record<string, Json>;
  const renamed = new Map<string, string>();
  for (const key of Object.keys(definitions)) renamed.set(key, `${name}_${key}`);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([key, inner]) => {
      if (key === '$ref' && typeof inner === 'string') {
        if (inner === '#') return [key, `#/components/schemas/${name}`];
        const target = /^#\/\$defs\/(.+)$/.exec(inner)?.[1];
        if (target && renamed.has(target))
          return [key, `#/components/schemas/${renamed.get(target)}`];
      }
      return [key, rewrite(inner)];
    });
    return Object.fromEntries(entries);
  };
  for (const [key, definition] of Object.entries(definitions)) {
    components[renamed.get(key)!] = rewrite(definition) as Json;
  }
  const body = rewrite(rest) as Json;
  // A self-reference (`#`) needs the whole schema under its own name.
  if (JSON.stringify(body).includes(`"#/components/schemas/${name}"`)) components[name] = body;
  return body;
}
