import type { QueryObject } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { lookupSpec } from '../databases/connections.ts';
import { columnLabel } from '../query-engine/expressions.ts';
import type { LatestPartition, LatestPartitions } from '../query-engine/filters.ts';
import type { ChartSource } from './datasource.ts';

/**
 * The "latest partition" filter operator. Only PostgreSQL has partitions among the engines
 * (declarative partitioning); the latest partition is the range partition with the greatest
 * upper bound (or the list partition holding the greatest value), read from `pg_catalog` with
 * the bounds PostgreSQL itself deparses. Other engines answer 400 `<Engine> has no partitions`.
 */

const CATALOG_SQL = `SELECT pt.partstrat::text AS strategy, pt.partnatts AS key_count,
  array_to_string(ARRAY(
    SELECT a.attname::text
    FROM unnest(pt.partattrs::int2[]) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = p.oid AND a.attnum = k.attnum
    ORDER BY k.ord), ',') AS key_columns,
  pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_class p
JOIN pg_namespace n ON n.oid = p.relnamespace
LEFT JOIN pg_partitioned_table pt ON pt.partrelid = p.oid
LEFT JOIN pg_inherits i ON i.inhparent = p.oid
LEFT JOIN pg_class c ON c.oid = i.inhrelid
WHERE n.nspname = $1 AND p.relname = $2`;

interface CatalogRow {
  strategy: string | null;
  key_count: number | null;
  key_columns: string | null;
  bound: string | null;
}

/** Splits `'a', 'b,c', 3` on commas outside quotes. */
function splitLiterals(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (ch === "'") {
      if (quoted && text[i + 1] === "'") {
        current += "''";
        i += 1;
        continue;
      }
      quoted = !quoted;
    }
    if (ch === ',' && !quoted) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** Orders deparsed literals: numbers by value, quoted text (ISO dates sort right) by text. */
function compareLiterals(a: string, b: string): number {
  const unquote = (s: string) => s.replace(/^'(.*)'(::[\w\s]+)?$/s, '$1').replaceAll("''", "'");
  const [x, y] = [unquote(a), unquote(b)];
  const [nx, ny] = [Number(x), Number(y)];
  if (x !== '' && y !== '' && Number.isFinite(nx) && Number.isFinite(ny)) return nx - ny;
  return x < y ? -1 : x > y ? 1 : 0;
}

const bound = (value: string) => (/^(MINVALUE|MAXVALUE)$/i.test(value) ? null : value);

function latestOf(rows: CatalogRow[], strategy: string): LatestPartition | null {
  let best: LatestPartition | null = null;
  let bestKey: string | null = null;
  for (const row of rows) {
    const text = row.bound ?? '';
    if (strategy === 'r') {
      const match = /^FOR VALUES FROM \((.*)\) TO \((.*)\)$/s.exec(text);
      if (!match) continue;
      const to = bound((match[2] as string).trim());
      const from = bound((match[1] as string).trim());
      const better =
        best === null || (bestKey !== null && (to === null || compareLiterals(to, bestKey) > 0));
      if (better) {
        best = { kind: 'range', from, to };
        bestKey = to;
      }
    } else if (strategy === 'l') {
      const match = /^FOR VALUES IN \((.*)\)$/s.exec(text);
      if (!match) continue;
      const values = splitLiterals(match[1] as string).filter((v) => v.toUpperCase() !== 'NULL');
      const top = [...values].sort(compareLiterals).pop();
      if (top !== undefined && (bestKey === null || compareLiterals(top, bestKey) > 0)) {
        best = { kind: 'list', values };
        bestKey = top;
      }
    }
  }
  return best;
}

/** The latest partitions the queries' LATEST PARTITION filters need, or undefined if none. */
export async function latestPartitionsFor(
  ctx: AppContext,
  source: ChartSource,
  queries: readonly QueryObject[],
): Promise<LatestPartitions | undefined> {
  const columns = new Set<string>();
  for (const query of queries) {
    for (const filter of query.filters ?? []) {
      if (filter.op === 'LATEST PARTITION') columns.add(columnLabel(filter.col));
    }
  }
  if (columns.size === 0) return undefined;
  const engine = source.database.engine;
  if (engine !== 'postgresql') {
    throw badRequest(`${lookupSpec(engine).name} has no partitions`);
  }
  if (source.forQuery.sql?.trim()) {
    throw badRequest('A virtual dataset has no partitions: latest partition needs a table');
  }
  const table = `${source.forQuery.schema ?? 'public'}.${source.forQuery.table_name}`;
  const connection = await ctx.connections.forRow(source.database);
  const result = await connection.execute(CATALOG_SQL, {
    params: [source.forQuery.schema ?? 'public', source.forQuery.table_name],
  });
  const rows: CatalogRow[] = [];
  for await (const batch of result.batches) {
    for (let i = 0; i < batch.numRows; i += 1) {
      const get = (name: string) => batch.getChild(name)?.get(i) ?? null;
      rows.push({
        strategy: get('strategy') as string | null,
        key_count: get('key_count') === null ? null : Number(get('key_count')),
        key_columns: get('key_columns') as string | null,
        bound: get('bound') as string | null,
      });
    }
  }
  const strategy = rows[0]?.strategy;
  if (!strategy) throw badRequest(`Table ${table} is not partitioned`);
  const keys = (rows[0]?.key_columns ?? '').split(',').filter(Boolean);
  if (rows[0]?.key_count !== 1 || keys.length !== 1) {
    throw badRequest(`Latest partition needs a table partitioned by one column; ${table} is not`);
  }
  const key = keys[0] as string;
  for (const column of columns) {
    if (column !== key) {
      throw badRequest(`Column "${column}" is not the partition key of ${table} (it is "${key}")`);
    }
  }
  if (strategy !== 'r' && strategy !== 'l') {
    throw badRequest(
      `Latest partition needs range or list partitions; ${table} is hash-partitioned`,
    );
  }
  const latest = latestOf(rows, strategy);
  if (!latest) throw badRequest(`Table ${table} has no partitions yet`);
  return { [key]: latest };
}
