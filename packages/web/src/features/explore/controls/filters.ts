import type { FilterOperator } from '@tessera/shared/api/chartData';
import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import type { AdhocFilter, DatasourceMeta } from '@tessera/shared/viz/types';
import { isTemporalColumn } from './choices.ts';
import { newOptionName } from './metrics.ts';
import type { DatasourceColumn } from './types.ts';

export interface OperatorOption {
  id: string;
  operator: FilterOperator;
  label: string;
  /** How many comparator values it takes. */
  arity: 'none' | 'one' | 'many' | 'range';
}

/** Spec "Option lists", filter operators, in Superset's order and with its labels. */
export const FILTER_OPERATOR_OPTIONS: readonly OperatorOption[] = [
  { id: 'EQUALS', operator: '==', label: 'Equal to (=)', arity: 'one' },
  { id: 'NOT_EQUALS', operator: '!=', label: 'Not equal to (≠)', arity: 'one' },
  { id: 'LESS_THAN', operator: '<', label: 'Less than (<)', arity: 'one' },
  { id: 'LESS_THAN_OR_EQUAL', operator: '<=', label: 'Less or equal (<=)', arity: 'one' },
  { id: 'GREATER_THAN', operator: '>', label: 'Greater than (>)', arity: 'one' },
  { id: 'GREATER_THAN_OR_EQUAL', operator: '>=', label: 'Greater or equal (>=)', arity: 'one' },
  { id: 'IN', operator: 'IN', label: 'In', arity: 'many' },
  { id: 'NOT_IN', operator: 'NOT IN', label: 'Not in', arity: 'many' },
  { id: 'LIKE', operator: 'LIKE', label: 'Like', arity: 'one' },
  { id: 'ILIKE', operator: 'ILIKE', label: 'Like (case insensitive)', arity: 'one' },
  { id: 'IS_NULL', operator: 'IS NULL', label: 'Is null', arity: 'none' },
  { id: 'IS_NOT_NULL', operator: 'IS NOT NULL', label: 'Is not null', arity: 'none' },
  {
    id: 'LATEST_PARTITION',
    operator: 'LATEST PARTITION',
    label: 'use latest_partition template',
    arity: 'none',
  },
  { id: 'IS_TRUE', operator: 'IS TRUE', label: 'Is true', arity: 'none' },
  { id: 'IS_FALSE', operator: 'IS FALSE', label: 'Is false', arity: 'none' },
  { id: 'TEMPORAL_RANGE', operator: 'TEMPORAL_RANGE', label: 'TEMPORAL_RANGE', arity: 'range' },
];

/** Engines with partitioned tables, where Superset offers the latest-partition template. */
const PARTITIONED_BACKENDS = new Set(['presto', 'hive', 'trino']);
const BOOLEAN = 3;

/** The operators that make sense for a column (booleans, temporals) on this database. */
export function operatorsFor(
  column: DatasourceColumn | undefined,
  datasource: DatasourceMeta | null,
): OperatorOption[] {
  const backend = datasource?.database?.backend ?? '';
  return FILTER_OPERATOR_OPTIONS.filter((option) => {
    if (option.id === 'LATEST_PARTITION') return PARTITIONED_BACKENDS.has(backend);
    if (option.id === 'TEMPORAL_RANGE') return !column || isTemporalColumn(column);
    if (option.id === 'IS_TRUE' || option.id === 'IS_FALSE') {
      return !column || column.type_generic === BOOLEAN || column.type_generic == null;
    }
    return true;
  });
}

export function operatorOption(filter: AdhocFilter): OperatorOption | undefined {
  return (
    FILTER_OPERATOR_OPTIONS.find((o) => o.id === filter.operatorId) ??
    FILTER_OPERATOR_OPTIONS.find((o) => o.operator === filter.operator)
  );
}

export function subjectName(filter: AdhocFilter): string {
  const subject = filter.subject;
  if (subject === null || subject === undefined) return '';
  return getColumnLabel(subject);
}

function comparatorText(value: unknown): string {
  if (Array.isArray(value)) return `(${value.map(String).join(', ')})`;
  return value === null || value === undefined ? '' : String(value);
}

/** The chip text: `country IN (FR, DE)`, `WHERE num > 3` for custom SQL. */
export function filterLabel(filter: AdhocFilter): string {
  if (filter.expressionType === 'SQL') {
    return `${filter.clause === 'HAVING' ? 'HAVING' : 'WHERE'} ${filter.sqlExpression ?? ''}`.trim();
  }
  const option = operatorOption(filter);
  if (option?.id === 'TEMPORAL_RANGE') {
    return `${subjectName(filter)} (${comparatorText(filter.comparator) || 'No filter'})`;
  }
  const operator = option?.operator ?? filter.operator ?? '';
  return `${subjectName(filter)} ${operator} ${comparatorText(filter.comparator)}`.trim();
}

export function buildSimpleFilter(options: {
  subject: string;
  operatorId: string;
  comparator: unknown;
  filterOptionName?: string;
}): AdhocFilter {
  const option = FILTER_OPERATOR_OPTIONS.find((o) => o.id === options.operatorId);
  if (!option) throw new Error(`Unknown filter operator ${options.operatorId}`);
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: options.subject,
    operator: option.operator,
    operatorId: option.id,
    comparator: option.arity === 'none' ? null : options.comparator,
    filterOptionName: options.filterOptionName ?? newOptionName('filter'),
  };
}

export function buildSqlFilter(options: {
  clause: 'WHERE' | 'HAVING';
  sqlExpression: string;
  filterOptionName?: string;
}): AdhocFilter {
  return {
    expressionType: 'SQL',
    clause: options.clause,
    sqlExpression: options.sqlExpression.trim(),
    subject: null,
    operator: null,
    comparator: null,
    filterOptionName: options.filterOptionName ?? newOptionName('filter'),
  };
}

/** A comparator is complete when the operator has what it needs. */
export function comparatorComplete(option: OperatorOption | undefined, value: unknown): boolean {
  if (!option) return false;
  if (option.arity === 'none') return true;
  if (option.arity === 'many') return Array.isArray(value) && value.length > 0;
  return value !== undefined && value !== null && value !== '';
}
