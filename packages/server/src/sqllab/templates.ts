import { TesseraError } from '@tessera/shared/errors';
import nunjucks from 'nunjucks';
import { jsonErrorOffset } from './jsonPosition.ts';

/**
 * SQL templates with Jinja syntax (`{{ name }}`, `{% if %}`), rendered by nunjucks with the
 * tab's template parameters. Errors say where: the JSON position as line and column, or the
 * template's own line and column.
 */

// nunjucks compiles member lookups and calls to `runtime.memberLookup`/`runtime.callWrap`;
// without these guards `{{ range.constructor("...")() }}` would run code on the server. SQL Lab
// users may write SQL, never JavaScript.
const BLOCKED_MEMBERS = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);
type Runtime = {
  memberLookup: (obj: unknown, val: unknown) => unknown;
  callWrap: (obj: unknown, name: string, context: unknown, args: unknown[]) => unknown;
  __tesseraGuarded?: boolean;
};
const runtime = (nunjucks as unknown as { runtime: Runtime }).runtime;
if (!runtime.__tesseraGuarded) {
  const memberLookup = runtime.memberLookup;
  const callWrap = runtime.callWrap;
  runtime.memberLookup = (obj, val) =>
    typeof val === 'string' && BLOCKED_MEMBERS.has(val) ? undefined : memberLookup(obj, val);
  runtime.callWrap = (obj, name, context, args) => {
    if (obj === Function || (typeof obj === 'function' && obj.constructor === obj)) {
      throw new Error(`Unable to call \`${name}\``);
    }
    return callWrap(obj, name, context, args);
  };
  runtime.__tesseraGuarded = true;
}

const environment = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });

function positionOf(text: string, position: number): string {
  const before = text.slice(0, position);
  const lines = before.split('\n');
  return `line ${lines.length}, column ${lines[lines.length - 1].length + 1}`;
}

function invalidParams(message: string): TesseraError {
  return new TesseraError(400, message, { errorType: 'INVALID_TEMPLATE_PARAMS_ERROR' });
}

/** Template parameters from their JSON text; empty (or missing) text is `{}`. */
export function parseTemplateParams(
  raw: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  if (raw === null || raw === undefined) return {};
  if (typeof raw === 'object') return raw;
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const offset =
      jsonErrorOffset(raw) ??
      Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? raw.length);
    const near = raw.slice(offset, offset + 20).split('\n')[0];
    throw invalidParams(
      `The template parameters are not valid JSON: unexpected ${near ? `"${near}"` : 'end of text'} at ${positionOf(raw, offset)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams('The template parameters must be a JSON object, such as {"name": "value"}');
  }
  return value as Record<string, unknown>;
}

/** Renders the SQL; text without template markup is returned untouched. */
export function renderSqlTemplate(sql: string, params: Record<string, unknown>): string {
  if (!/\{[{%#]/.test(sql)) return sql;
  try {
    return environment.renderString(sql, params);
  } catch (error) {
    const detail = ((error as Error).message ?? '')
      .replace(/^\(unknown path\)\s*/, '')
      .replace(/^Error:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    throw invalidParams(`The query contains a template error: ${detail}`);
  }
}
