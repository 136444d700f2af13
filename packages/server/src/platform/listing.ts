import type { ListQuery } from '@tessera/shared/api/common';

/** The column metadata of one list endpoint, as Superset's list answer carries it. */
export interface ListColumnsMeta {
  title: string;
  listColumns: readonly string[];
  orderColumns: readonly string[];
  /** How each list column is labelled (usually `labelOf`); without it `label_columns` is `{}`. */
  label?: (column: string) => string;
}

/** The rows of one page and what identifies them; `count` is the total before paging. */
export interface ListPage<T> {
  count: number;
  ids: number[];
  result: T[];
}

/** The five keys `q.keys` may pick among; the rest of the answer is always there. */
const META_KEYS = [
  'list_columns',
  'label_columns',
  'description_columns',
  'order_columns',
  'list_title',
] as const;

export interface ListEnvelope<T> extends ListPage<T> {
  list_columns?: string[];
  label_columns?: Record<string, string>;
  description_columns?: Record<string, string>;
  order_columns?: string[];
  list_title?: string;
}

/**
 * Superset's list envelope around one page. With `keys` (from `q.keys`) only the metadata keys it
 * names are kept; endpoints that do not honour `keys` pass none.
 */
export function listEnvelope<T>(
  page: ListPage<T>,
  meta: ListColumnsMeta,
): Required<ListEnvelope<T>>;
export function listEnvelope<T>(
  page: ListPage<T>,
  meta: ListColumnsMeta,
  keys: readonly string[] | undefined,
): ListEnvelope<T>;
export function listEnvelope<T>(
  page: ListPage<T>,
  meta: ListColumnsMeta,
  keys?: readonly string[],
): ListEnvelope<T> {
  const { label } = meta;
  const answer: ListEnvelope<T> = {
    count: page.count,
    ids: page.ids,
    result: page.result,
    list_columns: [...meta.listColumns],
    label_columns: label ? Object.fromEntries(meta.listColumns.map((c) => [c, label(c)])) : {},
    description_columns: {},
    order_columns: [...meta.orderColumns],
    list_title: meta.title,
  };
  if (keys) {
    for (const key of META_KEYS) if (!keys.includes(key)) delete answer[key];
  }
  return answer;
}

/** The page `q` asks for (`page_size` -1 means all rows), from rows already filtered and sorted. */
export function pageOf<T>(items: T[], q: ListQuery): T[] {
  const pageSize = q.page_size ?? 20;
  const page = q.page ?? 0;
  return pageSize < 0 ? items : items.slice(page * pageSize, (page + 1) * pageSize);
}

/** Superset's label of a list column: `changed_by.first_name` reads "Changed By First Name". */
export function labelOf(column: string): string {
  return column
    .split(/[_.]/)
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * A comparator for `order_column`: numbers by value, anything else as text (missing reads as ''),
 * ties broken by id so pages never overlap.
 */
export function compareBy<T extends { id: number }>(
  read: (item: T) => unknown,
  direction: 'asc' | 'desc',
): (a: T, b: T) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const x = read(a);
    const y = read(b);
    const cmp =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x ?? '').localeCompare(String(y ?? ''));
    return cmp * sign || a.id - b.id;
  };
}
