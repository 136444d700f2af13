import { badRequest } from '@tessera/shared/errors';

/**
 * How deep client JSON may nest. Stored documents are serialised and migrated by recursive code
 * (JSON.stringify among it), so a body nested thousands of levels deep would overflow the stack;
 * real json_metadata, layouts and permalink states stay within a dozen levels.
 */
export const MAX_JSON_DEPTH = 100;

/** Whether a parsed value nests deeper than `max`, found without recursion. */
export function nestsTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

export const TOO_DEEP_MESSAGE = `Nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** 400 naming the field when a parsed value nests too deep. */
export function assertDepth(field: string, value: unknown): void {
  if (nestsTooDeep(value))
    throw badRequest('Invalid input', { fields: { [field]: [TOO_DEEP_MESSAGE] } });
}

/** Client JSON text, parsed; blank text is no JSON either (400 naming the field, as Superset). */
export function parseClientJson(field: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = `Field cannot be decoded by JSON. ${(error as Error).message}`;
    throw badRequest('Invalid input', { fields: { [field]: [message] } });
  }
  assertDepth(field, value);
  return value;
}

/** The depth check alone, for text another check parses (unreadable text is that check's to refuse). */
export function assertTextDepth(field: string, text: string | null | undefined): void {
  if (!text) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  assertDepth(field, value);
}
