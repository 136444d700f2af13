import type { QueryObjectFilter } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import type { TimeRange } from '@tessera/shared/time-range/index';
import { columnLabel, type ExpressionResolver, type ResolvedExpression } from './expressions.ts';
import { sqlLiteral } from './literals.ts';

/**
 * WHERE conditions from a query object's filters, one per filter, in Superset's semantics: a
 * filter on a column the dataset lacks is rejected (`not_in_datasource`), not an error.
 */

export interface FilterOutcome {
  conditions: string[];
  applied: Array<{ column: string }>;
  rejected: Array<{ reason: 'not_in_datasource'; column: string }>;
}

/** Resolves every TEMPORAL_RANGE comparator; the caller passes the resolved ranges back in. */
export type RangeOf = (timeRange: string) => TimeRange;

/**
 * The latest partition of a partitioned table, by partition-key column, as the engine's catalog
 * states it: a range `[from, to)` (either side null for MINVALUE/MAXVALUE) or a list of values,
 * each an SQL literal deparsed by the engine itself (never user text). The caller reads it from
 * the engine (query-engine stays pure); a LATEST PARTITION filter without one is a 400.
 */
export type LatestPartition =
  | { kind: 'range'; from: string | null; to: string | null }
  | { kind: 'list'; values: string[] };
export type LatestPartitions = Readonly<Record<string, LatestPartition>>;

function scalar(filter: QueryObjectFilter): unknown {
  if (Array.isArray(filter.val)) {
    if (filter.val.length !== 1) throw badRequest(`Operator ${filter.op} takes one value`);
    return filter.val[0];
  }
  return filter.val;
}

function listOf(filter: QueryObjectFilter): unknown[] {
  if (filter.val === undefined) return [];
  return Array.isArray(filter.val) ? filter.val : [filter.val];
}

function latestPartition(
  filter: QueryObjectFilter,
  column: ResolvedExpression,
  partitions: LatestPartitions,
): string {
  const name = columnLabel(filter.col);
  const partition = Object.hasOwn(partitions, name) ? partitions[name] : undefined;
  if (!partition) throw badRequest(`Column "${name}" is not the partition key of the dataset`);
  const col = column.sql;
  if (partition.kind === 'list') return `${col} IN (${partition.values.join(', ')})`;
  const parts: string[] = [];
  if (partition.from !== null) parts.push(`${col} >= ${partition.from}`);
  if (partition.to !== null) parts.push(`${col} < ${partition.to}`);
  return parts.length ? parts.join(' AND ') : '1 = 1';
}

function condition(
  filter: QueryObjectFilter,
  column: ResolvedExpression,
  resolver: ExpressionResolver,
  rangeOf: RangeOf,
  partitions: LatestPartitions,
): string | null {
  const { dialect } = resolver;
  const col = column.sql;
  const lit = (value: unknown) => sqlLiteral(value, column, dialect);
  const value = () => {
    const v = scalar(filter);
    if (v === null || v === undefined) throw badRequest(`Operator ${filter.op} needs a value`);
    return lit(v);
  };
  switch (filter.op) {
    case '==': {
      const v = scalar(filter);
      return v === null || v === undefined ? `${col} IS NULL` : `${col} = ${lit(v)}`;
    }
    case '!=': {
      const v = scalar(filter);
      return v === null || v === undefined ? `${col} IS NOT NULL` : `${col} != ${lit(v)}`;
    }
    case '>':
    case '<':
    case '>=':
    case '<=':
      return `${col} ${filter.op} ${value()}`;
    case 'LIKE':
      return `${col} LIKE ${value()}`;
    case 'NOT LIKE':
      return `${col} NOT LIKE ${value()}`;
    case 'ILIKE':
      return dialect.ilike(col, value());
    case 'IS NULL':
      return `${col} IS NULL`;
    case 'IS NOT NULL':
      return `${col} IS NOT NULL`;
    case 'IS TRUE':
      return dialect.isBoolean(col, true);
    case 'IS FALSE':
      return dialect.isBoolean(col, false);
    case 'IN':
    case 'NOT IN': {
      const values = listOf(filter);
      const present = values.filter((v) => v !== null && v !== undefined);
      const hasNull = present.length !== values.length;
      const negate = filter.op === 'NOT IN';
      const parts: string[] = [];
      if (present.length > 0) {
        parts.push(`${col} ${negate ? 'NOT IN' : 'IN'} (${present.map(lit).join(', ')})`);
      }
      if (hasNull) parts.push(`${col} ${negate ? 'IS NOT NULL' : 'IS NULL'}`);
      if (parts.length === 0) return negate ? '1 = 1' : '1 = 0';
      return parts.length === 1
        ? (parts[0] as string)
        : `(${parts.join(negate ? ' AND ' : ' OR ')})`;
    }
    case 'TEMPORAL_RANGE': {
      const range = scalar(filter);
      if (range !== null && range !== undefined && typeof range !== 'string') {
        throw badRequest('A TEMPORAL_RANGE filter takes a time range string');
      }
      return timeBounds(col, rangeOf(range ?? ''), resolver);
    }
    case 'LATEST PARTITION':
      return latestPartition(filter, column, partitions);
  }
}

/** `col >= since AND col < until`, either side left out when open; null when both are. */
export function timeBounds(
  col: string,
  range: TimeRange,
  resolver: ExpressionResolver,
): string | null {
  const parts: string[] = [];
  if (range.since) parts.push(`${col} >= ${resolver.dialect.dateTimeLiteral(range.since)}`);
  if (range.until) parts.push(`${col} < ${resolver.dialect.dateTimeLiteral(range.until)}`);
  return parts.length === 0 ? null : parts.join(' AND ');
}

export function buildFilters(
  filters: readonly QueryObjectFilter[],
  resolver: ExpressionResolver,
  rangeOf: RangeOf,
  partitions: LatestPartitions = {},
): FilterOutcome {
  const outcome: FilterOutcome = { conditions: [], applied: [], rejected: [] };
  for (const filter of filters) {
    const label = columnLabel(filter.col);
    if (typeof filter.col === 'string' && !resolver.datasetColumn(filter.col)) {
      outcome.rejected.push({ reason: 'not_in_datasource', column: label });
      continue;
    }
    let column = resolver.column(filter.col);
    if (filter.grain && column.isDttm) {
      const sql = resolver.dialect.timeGrainExpression(filter.grain, column.sql);
      if (sql === undefined) {
        throw badRequest(
          `No grain spec for ${filter.grain} for database ${resolver.dialect.engine}`,
        );
      }
      column = { ...column, sql };
    }
    const sql = condition(filter, column, resolver, rangeOf, partitions);
    if (sql !== null) outcome.conditions.push(sql);
    outcome.applied.push({ column: label });
  }
  return outcome;
}
