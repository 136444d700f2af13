import { badRequest } from '@tessera/shared/errors';
import nunjucks from 'nunjucks';

/**
 * Jinja templates (nunjucks) in virtual-dataset SQL, column and metric expressions, adhoc SQL
 * and RLS clauses, with Superset's macros. Nunjucks is not a sandbox: `x.constructor` reaches
 * `Function`. Member access is therefore narrowed, process-wide, to own data properties and a
 * few string/array methods, so a template can read its context and nothing else.
 */

const SAFE_METHODS = new Set([
  'split',
  'join',
  'replace',
  'toUpperCase',
  'toLowerCase',
  'trim',
  'indexOf',
  'includes',
  'startsWith',
  'endsWith',
  'slice',
  'length',
]);

type Runtime = { memberLookup: (obj: unknown, key: unknown) => unknown };
const runtime = (nunjucks as unknown as { runtime: Runtime }).runtime;
const originalLookup = runtime.memberLookup;

function isPlainContainer(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

runtime.memberLookup = (obj: unknown, key: unknown) => {
  if (obj === undefined || obj === null) return undefined;
  const name = String(key);
  const own =
    (isPlainContainer(obj) || typeof obj === 'string') &&
    Object.hasOwn(Object(obj), name) &&
    typeof (obj as Record<string, unknown>)[name] !== 'function';
  const method = (typeof obj === 'string' || Array.isArray(obj)) && SAFE_METHODS.has(name);
  // Functions the context itself provides (macros) are own properties holding functions.
  const macro =
    isPlainContainer(obj) &&
    Object.hasOwn(obj as object, name) &&
    typeof (obj as Record<string, unknown>)[name] === 'function';
  if (!own && !method && !macro) {
    throw new Error(`Access to "${name}" is not allowed in templates`);
  }
  return originalLookup(obj, key);
};

const env = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });

export interface TemplateContextInput {
  fromDttm: string | null;
  toDttm: string | null;
  urlParams: Record<string, string>;
  /** Filter values of the query, by column name (for filter_values / get_filters). */
  filters: Array<{ col: string; op: string; val: unknown }>;
  user: { id: number; username: string; email: string } | null;
  templateParams: Record<string, unknown>;
}

export interface TemplateRenderer {
  render(text: string): string;
  /** Columns whose filter values a template read (the answer's applied_template_filters). */
  appliedFilters(): string[];
}

const EQUALITY_OPS = new Set(['==', 'IN']);

export function createRenderer(input: TemplateContextInput): TemplateRenderer {
  const applied = new Set<string>();
  const filterValues = (column: string, defaultValue?: unknown) => {
    const values: unknown[] = [];
    for (const filter of input.filters) {
      if (filter.col !== column || !EQUALITY_OPS.has(filter.op)) continue;
      applied.add(column);
      values.push(...(Array.isArray(filter.val) ? filter.val : [filter.val]));
    }
    if (values.length === 0 && defaultValue !== undefined) return [defaultValue];
    return values;
  };
  const context = {
    ...input.templateParams,
    from_dttm: input.fromDttm,
    to_dttm: input.toDttm,
    url_param: (name: string, defaultValue: unknown = null) =>
      Object.hasOwn(input.urlParams, name) ? input.urlParams[name] : defaultValue,
    filter_values: filterValues,
    get_filters: (column: string) =>
      input.filters
        .filter((f) => f.col === column)
        .map((f) => {
          applied.add(column);
          return { op: f.op, col: f.col, val: f.val };
        }),
    current_user_id: () => input.user?.id ?? null,
    current_username: () => input.user?.username ?? null,
    current_user_email: () => input.user?.email ?? null,
  };
  return {
    render(text: string): string {
      if (!text.includes('{{') && !text.includes('{%') && !text.includes('{#')) return text;
      try {
        return env.renderString(text, context);
      } catch (error) {
        const detail = error instanceof Error ? error.message.split('\n').pop()?.trim() : '';
        throw badRequest(`The template could not be rendered: ${detail}`, {
          errorType: 'INVALID_TEMPLATE_PARAMS_ERROR',
        });
      }
    },
    appliedFilters: () => [...applied],
  };
}
