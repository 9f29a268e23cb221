import { findApiRoute, responseSchemaFor } from '@kindred/contracts/api-routes';
import type { Express, Request, Response } from 'express';
import { z } from 'zod';

/**
 * Responses are contracts too: every JSON body a test app sends is validated against the schema the
 * route table (`@kindred/contracts/api-routes`) gives its method and route — the success schema for
 * 2xx, the error schema otherwise. A body that does not match is recorded, and the test that caused
 * it fails after it ends (see `setup.ts`) with the route, the status and zod's account of the problem.
 */

export interface ContractViolation {
  request: string;
  status: number;
  problem: string;
}

const violations: ContractViolation[] = [];

/** Makes every `res.json(...)` of this app check its body against the contracts. */
export function checkResponsesAgainstContracts(app: Express): void {
  const send = app.response.json;
  app.response.json = function json(this: Response, body: unknown) {
    const violation = contractViolation(this.req, this.statusCode, body);
    if (violation) violations.push(violation);
    return send.call(this, body);
  };
}

/** The violations recorded since the last call (and forgets them). */
export function takeContractViolations(): ContractViolation[] {
  return violations.splice(0, violations.length);
}

export function describeViolations(found: readonly ContractViolation[]): string {
  return [
    `${found.length} response(s) broke the contract in packages/contracts:`,
    ...found.map((v) => `- ${v.request} → ${v.status}\n${indent(v.problem)}`),
  ].join('\n');
}

/** The Express pattern a request matched (`/api/profile/:id`), when it reached a route. */
export function matchedRoutePath(req: Request): string | undefined {
  const route = req.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : undefined;
}

function contractViolation(
  req: Request,
  status: number,
  body: unknown,
): ContractViolation | undefined {
  const pattern = matchedRoutePath(req);
  const request = `${req.method} ${pattern ?? req.originalUrl}`;
  const route = pattern ? findApiRoute(req.method, pattern) : undefined;
  if (pattern?.startsWith('/api/') && !route) {
    return { request, status, problem: 'The route is missing from API_ROUTES.' };
  }
  const schema = responseSchemaFor(route, status);
  if (schema === undefined) {
    return { request, status, problem: 'A success answered by no route of API_ROUTES.' };
  }
  if (schema === 'file' || schema === 'event-stream' || schema === 'html') {
    const kind = { file: 'a file', 'event-stream': 'an event stream', html: 'a page' }[schema];
    return {
      request,
      status,
      problem: `API_ROUTES says this route answers with ${kind}, not JSON.`,
    };
  }
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  return {
    request,
    status,
    problem: `${z.prettifyError(result.error)}\nbody: ${JSON.stringify(body)?.slice(0, 2000)}`,
  };
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ');
}

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every `METHOD /api/...` route the app serves, read from Express's router stack. */
export function servedApiRoutes(app: Express): string[] {
  const served: string[] = [];
  const walk = (stack: readonly RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          if (method !== '_all')
            served.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
        }
      } else if (layer.handle?.stack) {
        const mount =
          typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app.router as unknown as { stack: RouterLayer[] }).stack, '');
  return served.filter((route) => route.split(' ')[1]!.startsWith('/api/'));
}
