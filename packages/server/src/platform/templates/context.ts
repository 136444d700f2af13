/**
 * The variables and macros Superset gives Jinja templates: `url_param`, `current_user_id`,
 * `current_username`, `current_user_email`, `current_user_roles`, `filter_values`,
 * `get_filters`, `cache_key_wrapper`, `from_dttm`/`to_dttm`, and the Python literals `True`,
 * `False`, `None` that Jinja users write. Template parameters are top-level variables; the
 * macros win over a parameter of the same name, as in Superset.
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
  /** Template parameters (the dataset's, or SQL Lab's), exposed as top-level variables. */
  params?: Record<string, unknown>;
  user?: TemplateUser | null;
  /** The page's URL parameters (`url_params` of a query object, a request's query string). */
  urlParams?: Record<string, unknown>;
  /** The query's filters, for `filter_values` and `get_filters`. */
  filters?: TemplateFilter[];
  /** Wall-clock text of the query's time range, when one is known. */
  fromDttm?: string | null;
  toDttm?: string | null;
  /** Any further variables. */
  extra?: Record<string, unknown>;
}

const EQUALITY_OPS = new Set(['==', 'IN', 'in', 'eq']);

/** Superset escapes `url_param` values for SQL string literals unless told not to. */
const escapeQuotes = (value: string) => value.replaceAll("'", "''");

function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The variables of one rendering, and the filter columns the template read. */
export function buildTemplateVariables(context: TemplateContext): {
  variables: Record<string, unknown>;
  applied: Set<string>;
} {
  const applied = new Set<string>();
  const filters = context.filters ?? [];
  const urlParams = context.urlParams ?? {};
  const user = context.user ?? null;
  const macros: Record<string, unknown> = {
    url_param: (
      name: string,
      fallback: unknown = null,
      _addToCacheKeys = true,
      escapeResult = true,
    ) => {
      const value = Object.hasOwn(urlParams, name) ? firstValue(urlParams[name]) : undefined;
      if (value === undefined || value === null) return fallback;
      return escapeResult && typeof value === 'string' ? escapeQuotes(value) : value;
    },
    current_user_id: () => user?.id ?? null,
    current_username: () => user?.username ?? null,
    current_user_email: () => user?.email ?? null,
    current_user_roles: () => user?.roles ?? [],
    filter_values: (column: string, fallback: unknown = null) => {
      const values: unknown[] = [];
      for (const filter of filters) {
        if (filter.col !== column || !EQUALITY_OPS.has(filter.op)) continue;
        applied.add(column);
        values.push(...(Array.isArray(filter.val) ? filter.val : [filter.val]));
      }
      if (values.length > 0) return values;
      if (fallback === null || fallback === undefined) return [];
      return Array.isArray(fallback) ? fallback : [fallback];
    },
    get_filters: (column: string) =>
      filters
        .filter((f) => f.col === column)
        .map((f) => {
          applied.add(column);
          return { op: f.op, col: f.col, val: f.val };
        }),
    cache_key_wrapper: (value: unknown) => value,
  };
  const variables: Record<string, unknown> = {
    True: true,
    False: false,
    None: null,
    ...(context.params ?? {}),
    ...(context.extra ?? {}),
    from_dttm: context.fromDttm ?? null,
    to_dttm: context.toDttm ?? null,
    ...macros,
  };
  return { variables, applied };
}
