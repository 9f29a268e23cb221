import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';

/** A problem that concerns the whole form ("Please fill in all fields"), shown above it. */
export const FORM_PROBLEM = 'root';

/**
 * react-hook-form's zod resolver, keeping only the first problem: the forms show one message at a
 * time, in the order the schema checks (SPEC §5). A problem of the whole form (an issue without a
 * field) is reported as `errors.root`. It takes any zod schema, zod/mini's (the login form's) too.
 */
export function firstProblemResolver<Input extends FieldValues, Output>(
  schema: z.core.$ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const first = Object.entries(result.errors)[0];
    if (!first) return result;
    const [path, error] = first;
    const errors = { [path === '' ? FORM_PROBLEM : path]: error } as FieldErrors<Input>;
    return { values: {}, errors };
  };
}
