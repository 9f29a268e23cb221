import type { Request } from 'express';
import type { z } from 'zod';
import { parse } from './errors.js';

/**
 * The one way a route reads its JSON body: parsed with its contract schema (a 400 naming each bad
 * field). A request without a body reads as `{}`, so the contract's own "fill in all fields"
 * messages answer it rather than a type error.
 */
export function parseBody<S extends z.core.$ZodType>(schema: S, req: Request): z.output<S> {
  return parse(schema, req.body ?? {});
}
