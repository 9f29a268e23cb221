/**
 * PostgreSQL cannot store a NUL character in text, and no member types one: a NUL anywhere in a
 * request's input is refused before it reaches a query (where it would end in a server error).
 */
export const NUL_CHARACTER_MESSAGE =
  'Text cannot contain a NUL character (\\u0000). Please remove it.';

/** The path of the first string holding a NUL inside parsed input (JSON, query or form), if any. */
export function findNulCharacter(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** C0 and C1 control characters and DEL: never part of a file's name. */
export const hasControlCharacter = (text: string): boolean => /\p{Cc}/u.test(text);
