import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request values for the fuzz suite (issue 19), generated from a route's own zod contract: the
 * contract is turned into JSON Schema (`z.toJSONSchema`) and that into fast-check arbitraries, so a
 * field added to a contract is fuzzed without touching the suite. Every generated request mixes
 * values the contract accepts (and its boundaries) with hostile ones in any field.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

const NUL = '\u0000';
const ONE_MB = 1024 * 1024;

/** A cursor as the API writes one (base64url of `[time, id]`), here with a hostile time or id. */
export const cursorOf = (time: unknown, id: unknown): string =>
  Buffer.from(JSON.stringify([time, id])).toString('base64url');

/** Nested `depth` times: `[[[...]]]` or `{"a":{"a":...}}`. */
function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Strings that have broken servers: NUL and control characters, RTL, zero-width, combining marks. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  `${NUL}${NUL}${NUL}`,
  '\u0001\u0002\u0007\u001b[31m\u007f',
  'line\r\nbreak\nInjected-Header: x',
  '\u202Eevil\u202C gnp.exe',
  '\u200B\u200C\u200D\u2060\uFEFF',
  `e${'\u0301'.repeat(2000)}`,
  'Z\u0351\u0337\u0322a\u0358\u035Bl\u0489g\u0335o',
  '\uD800',
  '\uDFFF\uD800',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '%00%0d%0a',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$gt":""}',
  '__proto__',
  'constructor',
  '0000-00-00',
  '2025-13-45T12:00:00.000Z',
  '-1',
  '1e309',
  'NaN',
  '9'.repeat(400),
  'A'.repeat(10_000),
];

/** Hostile cursors: undecodable, impossible dates, the wrong shape, huge. */
export const HOSTILE_CURSORS: readonly string[] = [
  'not-a-cursor',
  '!!!!',
  cursorOf('2025-13-45T12:00:00.000000Z', '00000000-0000-0000-0000-000000000000'),
  cursorOf('0000-01-01T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000'),
  cursorOf('2025-02-30T25:61:00.000000Z', 'x'),
  cursorOf(null, null),
  cursorOf(12, { a: 1 }),
  cursorOf(`2025-01-01${NUL}`, `id${NUL}`),
  Buffer.from('{"__proto__":{"polluted":true}}').toString('base64url'),
  Buffer.from('[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]').toString('base64url'),
  Buffer.from(JSON.stringify(['2025-01-01T00:00:00Z'])).toString('base64url'),
  'A'.repeat(100_000),
];

/** JSON values with keys that pollute prototypes when merged naively (own keys, via JSON.parse). */
const POLLUTING_OBJECTS: readonly unknown[] = [
  JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  JSON.parse('{"__proto__":null}'),
];

/** One value of any JSON type that is rarely what a field expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_CURSORS) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(ONE_MB)) },
  { weight: 1, arbitrary: fc.constant(`${'\u202E\u200B'.repeat(ONE_MB / 4)}`) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      -Number.MAX_VALUE,
      [],
      {},
      [null],
      ['a', 1, {}],
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTING_OBJECTS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(deeplyNested(2000, 'array'), deeplyNested(2000, 'object')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** The JSON Schema of a request contract, as the input side of the schema sees it. */
export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Values the schema accepts (best effort: patterns and refinements are not followed). */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0)
    return fc.oneof(...choices.map((c) => validValue(c, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return validValue(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
      const integer = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      return fc.oneof(
        fc.constantFrom(min, max, Math.ceil(min) - 1, Math.floor(max) + 1),
        type === 'integer' ? integer : fc.oneof(integer, fc.double({ min, max, noNaN: true })),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectValue(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  // The boundaries themselves and one past them, then anything in between.
  const boundaries = [min, max, max + 1, Math.max(0, min - 1)].filter((n) => n <= 20_000);
  return fc.oneof(
    fc.constantFrom(...boundaries).map((n) => 'a'.repeat(n)),
    fc.string({ minLength: min, maxLength: Math.min(max, 200) }),
  );
}

function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, validValue(value, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/**
 * A request body or query for a contract: mostly a valid value with some of its fields replaced
 * by hostile values (or extra polluting keys), sometimes a wholly hostile value.
 */
export function fuzzedInput(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const mutated = fc
    .tuple(
      validValue(schema),
      fc.array(fc.tuple(fc.constantFrom(...(keys.length > 0 ? keys : ['x'])), hostileValue), {
        maxLength: 3,
      }),
      fc.boolean(),
    )
    .map(([valid, replacements, pollute]) => {
      if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return valid;
      const copy: Record<string, unknown> = { ...(valid as Record<string, unknown>) };
      for (const [key, value] of replacements) copy[key] = value;
      if (!pollute) return copy;
      // Own `__proto__`/`constructor` keys, as a JSON body parser would make them.
      return Object.assign(JSON.parse('{"__proto__":{"isAdmin":true}}') as object, copy, {
        constructor: { prototype: { polluted: true } },
      });
    });
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema) },
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: hostileValue },
  );
}

/**
 * Node answers a request line over its header limit (16 kB) with a bare 431 itself, before the app
 * sees it, so query strings are cut to a length that reaches the app (a cut escape is fine: hostile).
 */
const MAX_QUERY_VALUE = 4000;
const MAX_QUERY_STRING = 10_000;

const asQueryValue = (value: unknown): string =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
    .slice(0, MAX_QUERY_VALUE)
    .replace(LONE_SURROGATE, '\uFFFD');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates cannot be percent-encoded (nor sent by any client): they go as U+FFFD. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

/** A query string from a generated value: strings as they are, others as JSON; arrays repeat the key. */
export function queryStringOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `q=${encodeURIComponent(asQueryValue(value))}`.slice(0, MAX_QUERY_STRING);
  }
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    const values = Array.isArray(field) ? field.slice(0, 3) : [field];
    for (const item of values) params.append(key, asQueryValue(item));
  }
  return params.toString().slice(0, MAX_QUERY_STRING);
}

/** Path parameters: real ids (the member's own, another's), their upper case, and hostile text. */
export function pathParameter(realIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.constantFrom(...realIds.map((id) => id.toUpperCase())) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...HOSTILE_STRINGS.filter((s) => s.length > 0 && s.length < 5000),
        'x'.repeat(4000),
        '-1',
        '0',
        '1.5',
        'null',
        'undefined',
      ),
    },
  );
}
