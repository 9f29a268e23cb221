import { z } from 'zod';

/**
 * What operators' tools read: readiness (load balancers, compose) and the API document.
 */

/** One condition of readiness: whether it holds and, when not, why in a few words. */
export const ReadinessCheckSchema = z.strictObject({
  ok: z.boolean(),
  detail: z.string().optional(),
});

/** GET /api/ready: 200 when every check holds, 503 (same shape, `success: false`) otherwise. */
export const ReadyResponseSchema = z.strictObject({
  success: z.boolean(),
  checks: z.strictObject({
    database: ReadinessCheckSchema,
    migrations: ReadinessCheckSchema,
    storage: ReadinessCheckSchema,
  }),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

/** GET /api/openapi.json: an OpenAPI 3.1 document (its own schema validates the rest). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
