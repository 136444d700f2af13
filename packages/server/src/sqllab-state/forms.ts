import { badRequest } from '@tessera/shared/errors';
import type { z } from 'zod';

/**
 * Reading the bodies of `/tabstateview/` and `/tableschemaview/`. Superset's client sends form
 * fields (multipart/form-data; urlencoded works the same) whose values are JSON text; a JSON body
 * carries the values themselves. Either way the handlers get decoded values, and text that is not
 * JSON answers 400 naming the field instead of a 500.
 */

export type Fields = Record<string, unknown>;

/** `application/json` or `application/<something>+json`, read from the type before its parameters. */
function isJsonBody(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The body's fields, decoded. A missing body is an empty set of fields. */
export function readFields(body: unknown, contentType: string | undefined): Fields {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must hold named fields');
  }
  if (isJsonBody(contentType)) return body as Fields;
  const fields: Fields = {};
  for (const [name, raw] of Object.entries(body as Record<string, unknown>)) {
    const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof text !== 'string') {
      throw badRequest(`Field "${name}" must be JSON text`);
    }
    fields[name] = decodeJson(name, text);
  }
  return fields;
}

function decodeJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`Field "${name}" is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * One required field holding an object (`queryEditor`, `table`). In a JSON body the object may
 * also arrive as JSON text, as a form would carry it.
 */
export function requireObjectField(fields: Fields, name: string): unknown {
  if (!(name in fields) || fields[name] === undefined) {
    throw badRequest(`Missing field "${name}"`);
  }
  const value = fields[name];
  return typeof value === 'string' ? decodeJson(name, value) : value;
}

/** Validates decoded values, answering 400 `{message: {field: [problems]}}` as marshmallow does. */
export function validate<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix?: string,
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_schema';
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${issue.keys.join(', ')}`
        : /received undefined/i.test(issue.message)
          ? 'Missing data for required field.'
          : issue.message;
    problems[path] ??= [];
    problems[path].push(message);
  }
  throw badRequest('Invalid input', { fields: problems });
}
