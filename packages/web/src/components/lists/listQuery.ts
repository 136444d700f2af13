import type { ListFilter, ListQuery } from '@tessera/shared/api/common';
import type { ListParams } from '../ListView.tsx';

/** How the object lists open: the most recently changed first, as Superset's lists do. */
export const RECENTLY_CHANGED_FIRST = {
  field: 'changed_on_delta_humanized',
  order: 'desc',
} as const;

/**
 * The rison `q` of a Superset list endpoint for one page of a ListView: paging, the sort (table
 * column keys that the API sorts under another name are mapped by `orderColumns`), and the
 * page's filter conditions, left out when there are none.
 */
export function listPageQuery(
  params: ListParams,
  conditions: ListFilter[],
  orderColumns: Record<string, string> = {},
): ListQuery {
  const sortField = params.sortField ?? RECENTLY_CHANGED_FIRST.field;
  return {
    page: params.page,
    page_size: params.pageSize,
    order_column: orderColumns[sortField] ?? sortField,
    order_direction: params.sortOrder ?? RECENTLY_CHANGED_FIRST.order,
    ...(conditions.length > 0 ? { filters: conditions } : {}),
  };
}

/** A stable text for "the filters changed" (the ListView's `resetKey`: back to the first page). */
export function filtersKey(filters: object): string {
  return JSON.stringify(filters, Object.keys(filters).sort());
}

/** Whether any filter above the list is set (undefined: not filtered). */
export function isFiltered(filters: object): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}
