import { TesseraError } from '@tessera/shared/errors';
import nunjucks from 'nunjucks';

/**
 * Jinja-style templates (nunjucks) in virtual-dataset SQL, expressions and RLS clauses, with the
 * macros Superset users write: `url_param`, `current_user_id`, `current_username`,
 * `current_user_email`, `current_user_roles`, `filter_values`, `get_filters`,
 * `cache_key_wrapper`. The query engine renders with the request's URL params and filters; this
 * module renders with whatever it is given (empty when introspecting a dataset).
 */

export interface TemplateFilter {
  col: string;
  op: string;
  val: unknown;
}

export interface TemplateUser {
  id: number | null;
  username: string | null;
  email?: string | null;
  roles?: string[];
}

export interface TemplateContext {
  /** The dataset's (or the request's) template parameters, exposed as top-level variables. */
  params?: Record<string, unknown>;
  user?: TemplateUser | null;
  urlParams?: Record<string, unknown>;
  filters?: TemplateFilter[];
  /** Any further variables (`from_dttm`, `to_dttm`, ...). */
  extra?: Record<string, unknown>;
}

// nunjucks has no sandbox: member lookups such as `"".constructor.constructor` reach Function.
// Refusing these names in every lookup closes that door for all templates in this process.
const BLOCKED_MEMBERS = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
]);
type Runtime = { memberLookup: (obj: unknown, key: unknown) => unknown; __tesseraGuarded?: true };
const runtime = (nunjucks as unknown as { runtime: Runtime }).runtime;
if (!runtime.__tesseraGuarded) {
  const original = runtime.memberLookup;
  runtime.memberLookup = (obj, key) =>
    BLOCKED_MEMBERS.has(String(key)) ? undefined : original(obj, key);
  runtime.__tesseraGuarded = true;
}

const environment = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });

function macros(context: TemplateContext): Record<string, unknown> {
  const filters = context.filters ?? [];
  const valuesOf = (column: string) =>
    filters
      .filter((f) => f.col === column && ['IN', '==', 'in', 'eq'].includes(f.op))
      .flatMap((f) => (Array.isArray(f.val) ? f.val : [f.val]));
  return {
    url_param: (name: string, fallback: unknown = null) => {
      const value = context.urlParams?.[name];
      return value === undefined || value === null ? fallback : value;
    },
    current_user_id: () => context.user?.id ?? null,
    current_username: () => context.user?.username ?? null,
    current_user_email: () => context.user?.email ?? null,
    current_user_roles: () => context.user?.roles ?? [],
    filter_values: (column: string, fallback: unknown = null) => {
      const values = valuesOf(column);
      if (values.length > 0) return values;
      if (fallback === null || fallback === undefined) return [];
      return Array.isArray(fallback) ? fallback : [fallback];
    },
    get_filters: (column: string) =>
      filters.filter((f) => f.col === column).map((f) => ({ col: f.col, op: f.op, val: f.val })),
    cache_key_wrapper: (value: unknown) => value,
  };
}

/** Whether text holds template syntax at all (plain SQL skips the renderer). */
export function hasTemplate(text: string): boolean {
  return /\{\{|\{%|\{#/.test(text);
}

/**
 * Renders `text`. A template error is a 400 INVALID_TEMPLATE_PARAMS_ERROR whose message says what
 * and where, as nunjucks reports it.
 */
export function renderTemplate(text: string, context: TemplateContext = {}): string {
  if (!hasTemplate(text)) return text;
  try {
    return environment.renderString(text, {
      ...(context.params ?? {}),
      ...(context.extra ?? {}),
      ...macros(context),
    });
  } catch (error) {
    const message = (error as Error)?.message ?? 'unknown error';
    throw new TesseraError(400, `Error while rendering the template: ${cleanMessage(message)}`, {
      errorType: 'INVALID_TEMPLATE_PARAMS_ERROR',
    });
  }
}

function cleanMessage(message: string): string {
  // nunjucks prefixes "(unknown path)" and repeats the position on several lines.
  return message
    .replace(/\(unknown path\)\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `template_params` text (or an object) as an object; bad JSON is a 400 naming the field. */
export function parseTemplateParams(
  value: string | Record<string, unknown> | null | undefined,
  field = 'template_params',
): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value === 'object') return value;
  if (value.trim() === '') return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the field error
  }
  throw new TesseraError(400, 'Invalid input', {
    fields: { [field]: ['Field cannot be decoded by JSON.'] },
  });
}
