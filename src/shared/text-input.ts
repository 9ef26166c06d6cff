/**
 * U+0000 (NUL) has no place in any text the site keeps, and PostgreSQL cannot store it in a text
 * column: every string the API accepts, in a body, a query or a path, is refused with it before
 * its schema runs (src/server/plugins/validation.ts), with a 400 naming the field
 * (docs/SECURITY.md, "Malformed input").
 */
export const NUL_CHARACTER = '\u0000';

export function nulCharacterMessage(field: string): string {
  return `${field || 'The request'} must not contain the NUL character (U+0000).`;
}

/** The path of the first string in `value` (keys included) that holds U+0000, else undefined. */
export function pathOfNulCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes(NUL_CHARACTER) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNulCharacter(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL_CHARACTER)) return [...path, key];
      const found = pathOfNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
