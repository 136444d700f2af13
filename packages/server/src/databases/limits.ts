import { badRequest } from '@tessera/shared/errors';

/**
 * Size caps for text the data features (databases, datasets, RLS, annotations, CSS templates)
 * accept. Whatever a cap lets through is handed to engines, templates and regexes; bounding it
 * first keeps one request from holding the event loop (issue 21, item 2).
 */
export const MAX_NAME = 1024;
export const MAX_SCHEMA = 1024;
export const MAX_EXPRESSION = 64 * 1024;
export const MAX_SQL = 1024 * 1024;
/** Long free text: descriptions, CSS, JSON settings, annotation bodies. */
export const MAX_TEXT = 1024 * 1024;

export type LengthRule = [value: string | null | undefined, max: number];

/** 400 `{"message": {"<field>": ["Longer than maximum length N."]}}` for the first text over its cap. */
export function assertLengths(rules: Record<string, LengthRule>): void {
  for (const [field, [value, max]] of Object.entries(rules)) {
    if (typeof value === 'string' && value.length > max) throw tooLong(field, max);
  }
}

export function tooLong(field: string, max: number) {
  return badRequest('Invalid input', {
    fields: { [field]: [`Longer than maximum length ${max}.`] },
  });
}

/** The same caps over each item of a list (columns, metrics), named `<list>` like the API's 422s. */
export function assertEachLength<T>(
  list: readonly T[] | null | undefined,
  field: string,
  pick: (item: T) => LengthRule[],
): void {
  for (const item of list ?? []) {
    for (const [value, max] of pick(item)) {
      if (typeof value === 'string' && value.length > max) throw tooLong(field, max);
    }
  }
}
