import { useEffect, useMemo, useState } from 'react';
import { createFilterScan } from './filter.ts';
import { sortPermutationTask } from './sort.ts';
import { generatorStep, runSliced } from './tasks.ts';
import type { GridData, SortState } from './types.ts';

export interface GridView {
  /** View row -> data row; null means identity (no sort, no filter). */
  order: Uint32Array | null;
  rowCount: number;
  sorting: boolean;
  /** Progress of a running filter scan (0..1), null when none runs. */
  filterProgress: number | null;
}

// Sorted orders survive re-renders and toggling back to an earlier sort of the same data.
const sortCache = new WeakMap<GridData, Map<string, Uint32Array>>();

/** Sort and filter of a grid, computed in slices; the last finished answer stays on screen. */
export function useGridView(
  data: GridData,
  sort: SortState | null,
  filterText: string,
  filterColumns: readonly number[],
): GridView {
  const [sorted, setSorted] = useState<{ key: string; order: Uint32Array | null }>({
    key: '',
    order: null,
  });
  const [filtered, setFiltered] = useState<{
    order: Uint32Array;
    progress: number | null;
  } | null>(null);

  const sortColumn = sort?.column ?? -1;
  const sortDirection = sort?.direction ?? 'asc';
  const sortKey = sort ? `${sortColumn}:${sortDirection}` : '';

  useEffect(() => {
    if (sortColumn < 0) {
      setSorted({ key: '', order: null });
      return;
    }
    let cache = sortCache.get(data);
    if (!cache) {
      cache = new Map();
      sortCache.set(data, cache);
    }
    const known = cache.get(sortKey);
    if (known) {
      setSorted({ key: sortKey, order: known });
      return;
    }
    const memo = cache;
    const task = runSliced(
      generatorStep(sortPermutationTask(data, sortColumn, sortDirection), (order) => {
        memo.set(sortKey, order);
        setSorted({ key: sortKey, order });
      }),
    );
    return () => task.cancel();
  }, [data, sortKey, sortColumn, sortDirection]);

  const columnsKey = filterColumns.join(',');
  const needle = filterText.trim();
  // While a new sort runs, the previous order stays on screen.
  const base = sorted.order;

  useEffect(() => {
    if (!needle) {
      setFiltered(null);
      return;
    }
    const columns = columnsKey ? columnsKey.split(',').map(Number) : [];
    const scan = createFilterScan(data, base, needle, columns);
    setFiltered((current) => ({ order: current?.order ?? new Uint32Array(0), progress: 0 }));
    const publish = (done: boolean) =>
      setFiltered({
        order: scan.matches(),
        progress: done ? null : scan.total === 0 ? 1 : scan.scanned / scan.total,
      });
    const task = runSliced(
      (shouldYield) => scan.step(shouldYield),
      () => publish(false),
      () => publish(true),
    );
    return () => task.cancel();
  }, [data, base, needle, columnsKey]);

  return useMemo(() => {
    const order = needle && filtered ? filtered.order : base;
    return {
      order,
      rowCount: order ? order.length : data.numRows,
      sorting: sort !== null && sorted.key !== sortKey,
      // A finished scan reports null progress; none has started yet reads as 0.
      filterProgress: needle ? (filtered ? filtered.progress : 0) : null,
    };
  }, [needle, filtered, base, data, sort, sorted.key, sortKey]);
}
