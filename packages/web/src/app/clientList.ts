import type { ListPage, ListParams } from '../components/ListView.tsx';

/**
 * Search, sort and page a list the server answers whole (users, roles: a few hundred rows at
 * most), so the pages behave like the server-paged ones.
 */
export function pageLocally<T extends object>(
  rows: T[],
  params: ListParams,
  searchText: (row: T) => string,
): ListPage<T> {
  const needle = params.search.toLowerCase();
  let result = needle ? rows.filter((row) => searchText(row).toLowerCase().includes(needle)) : rows;
  if (params.sortField) {
    const field = params.sortField as keyof T;
    const direction = params.sortOrder === 'desc' ? -1 : 1;
    result = [...result].sort((a, b) => {
      const left = a[field];
      const right = b[field];
      if (left === right) return 0;
      if (left === null || left === undefined) return 1;
      if (right === null || right === undefined) return -1;
      return (left < right ? -1 : 1) * direction;
    });
  }
  const start = params.page * params.pageSize;
  return { count: result.length, result: result.slice(start, start + params.pageSize) };
}
