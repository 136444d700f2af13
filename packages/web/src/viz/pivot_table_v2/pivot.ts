import {
  type AggregatorName,
  aggregate,
  fractionOf,
} from '@tessera/shared/viz/pivot_table_v2/aggregators';

/**
 * Pivots grouped rows in the browser: every (row prefix, column prefix) bucket of rows is
 * aggregated again with the chosen aggregator, which gives the cells, the subtotals (shorter
 * prefixes) and the totals (empty prefixes) alike.
 */

export type Key = unknown[];

export interface PivotInput {
  rows: Array<Record<string, unknown>>;
  rowDims: string[];
  colDims: string[];
  metrics: string[];
  aggregator: AggregatorName;
}

export interface Pivot {
  rowKeys: Key[];
  colKeys: Key[];
  /** The aggregate of a metric over the rows under a row prefix and a column prefix. */
  value: (rowKey: Key, colKey: Key, metric: string) => number | string | null;
}

const keyId = (rowKey: Key, colKey: Key) => JSON.stringify([rowKey, colKey]);

function distinctKeys(rows: Array<Record<string, unknown>>, dims: string[]): Key[] {
  const seen = new Map<string, Key>();
  for (const row of rows) {
    const key = dims.map((d) => row[d] ?? null);
    const id = JSON.stringify(key);
    if (!seen.has(id)) seen.set(id, key);
  }
  return [...seen.values()];
}

export function buildPivot(input: PivotInput): Pivot {
  const { rows, rowDims, colDims, aggregator } = input;
  const buckets = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const rk = rowDims.map((d) => row[d] ?? null);
    const ck = colDims.map((d) => row[d] ?? null);
    for (let r = 0; r <= rk.length; r++) {
      for (let c = 0; c <= ck.length; c++) {
        const id = keyId(rk.slice(0, r), ck.slice(0, c));
        const list = buckets.get(id);
        if (list) list.push(index);
        else buckets.set(id, [index]);
      }
    }
  });
  const fraction = fractionOf(aggregator);
  const base: AggregatorName = aggregator.startsWith('Count') ? 'Count' : 'Sum';
  const cache = new Map<string, number | string | null>();
  const raw = (rowKey: Key, colKey: Key, metric: string, name: AggregatorName) => {
    const id = `${name}|${metric}|${keyId(rowKey, colKey)}`;
    if (cache.has(id)) return cache.get(id) ?? null;
    const indexes = buckets.get(keyId(rowKey, colKey)) ?? [];
    const result = indexes.length
      ? aggregate(
          name,
          indexes.map((i) => (rows[i] as Record<string, unknown>)[metric]),
        )
      : null;
    cache.set(id, result);
    return result;
  };
  return {
    rowKeys: distinctKeys(rows, rowDims),
    colKeys: distinctKeys(rows, colDims),
    value: (rowKey, colKey, metric) => {
      const v = raw(rowKey, colKey, metric, aggregator);
      if (!fraction || typeof v !== 'number') return v;
      const denominator = raw(
        fraction === 'column' ? [] : fraction === 'row' ? rowKey : [],
        fraction === 'row' ? [] : fraction === 'column' ? colKey : [],
        metric,
        base,
      );
      return typeof denominator === 'number' && denominator !== 0 ? v / denominator : null;
    },
  };
}

export interface KeyNode {
  key: Key;
  /** A subtotal of the group `key` (shorter than the full depth). */
  subtotal: boolean;
}

export type KeyOrder = 'key_a_to_z' | 'key_z_to_a' | 'value_a_to_z' | 'value_z_to_a';

const compareKeyPart = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
};

/**
 * The keys in display order, grouped level by level, with a subtotal node after each group
 * when `subtotals` is on. `groupValue` ranks groups for the value orders.
 */
export function orderedKeys(
  keys: Key[],
  depth: number,
  options: {
    order: KeyOrder;
    subtotals: boolean;
    groupValue: (prefix: Key) => number;
    collapsed?: ReadonlySet<string>;
  },
): KeyNode[] {
  const out: KeyNode[] = [];
  const walk = (prefix: Key, members: Key[]) => {
    const level = prefix.length;
    if (level === depth) {
      out.push({ key: prefix, subtotal: false });
      return;
    }
    const groups = new Map<string, { value: unknown; members: Key[] }>();
    for (const key of members) {
      const id = JSON.stringify(key[level] ?? null);
      const group = groups.get(id);
      if (group) group.members.push(key);
      else groups.set(id, { value: key[level] ?? null, members: [key] });
    }
    const list = [...groups.values()];
    const byValue = options.order.startsWith('value');
    const sign = options.order.endsWith('z_to_a') ? -1 : 1;
    list.sort((a, b) =>
      byValue
        ? sign *
          (options.groupValue([...prefix, a.value]) - options.groupValue([...prefix, b.value]))
        : sign * compareKeyPart(a.value, b.value),
    );
    for (const group of list) {
      const key = [...prefix, group.value];
      if (level + 1 < depth && options.collapsed?.has(JSON.stringify(key))) {
        out.push({ key, subtotal: true });
        continue;
      }
      walk(key, group.members);
      if (options.subtotals && level + 1 < depth) out.push({ key, subtotal: true });
    }
  };
  walk([], keys);
  return out;
}
