import { createHash } from 'node:crypto';
import type { Column, Metric } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import type { Dialect, TypeGeneric } from '../engines/types.ts';
import { checkExpression } from './fragments.ts';
import type { TemplateRenderer } from './templates.ts';
import type { DatasetColumnForQuery, DatasetForQuery } from './types.ts';

/** A column or metric turned into SQL with its label. */
export interface ResolvedExpression {
  sql: string;
  label: string;
  isDttm: boolean;
  typeGeneric: TypeGeneric | null;
}

export const DEFAULT_TIME_GRAIN = 'P1D';

const pyList = (names: string[]) => `[${names.map((n) => `'${n}'`).join(', ')}]`;

export function columnsMissing(names: string[]) {
  return badRequest(`Columns missing in dataset: ${pyList(names)}`);
}

/** The label Superset gives a metric: its label, a saved metric's name, or `AGG(column)`. */
export function metricLabel(metric: Metric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE') {
    return `${metric.aggregate ?? ''}(${metric.column?.column_name ?? ''})`;
  }
  return metric.sqlExpression ?? '';
}

/** A dataset column flagged temporal, or of a temporal type (a DATE column not flagged). */
const isTemporal = (expr: ResolvedExpression) => expr.isDttm || expr.typeGeneric === 2;

export function columnLabel(column: Column): string {
  return typeof column === 'string' ? column : (column.label ?? column.sqlExpression);
}

export class ExpressionResolver {
  private readonly columns = new Map<string, DatasetColumnForQuery>();

  constructor(
    readonly dataset: DatasetForQuery,
    readonly dialect: Dialect,
    private readonly renderer: TemplateRenderer,
  ) {
    for (const column of dataset.columns) this.columns.set(column.column_name, column);
  }

  datasetColumn(name: string): DatasetColumnForQuery | undefined {
    return this.columns.get(name);
  }

  /** User SQL: rendered, then refused unless it is one expression. */
  fragment(text: string): string {
    return `(${checkExpression(this.renderer.render(text), this.dialect)})`;
  }

  render(text: string): string {
    return this.renderer.render(text);
  }

  physicalColumn(column: DatasetColumnForQuery): ResolvedExpression {
    return {
      sql: column.expression?.trim()
        ? this.fragment(column.expression)
        : this.dialect.quoteIdentifier(column.column_name),
      label: column.column_name,
      isDttm: column.is_dttm,
      typeGeneric: column.type_generic ?? (column.is_dttm ? 2 : null),
    };
  }

  private grained(expr: ResolvedExpression, grain: string): ResolvedExpression {
    const sql = this.dialect.timeGrainExpression(grain, expr.sql);
    if (sql === undefined) {
      throw badRequest(`No grain spec for ${grain} for database ${this.dialect.engine}`);
    }
    return { ...expr, sql, isDttm: true, typeGeneric: 2 };
  }

  /**
   * A query column: a dataset column by name, or adhoc SQL (an adhoc column whose SQL is a
   * dataset column's name is that column). The x-axis (`BASE_AXIS`) is truncated to its grain,
   * P1D by default, only when the column is temporal: Explore keeps a grain in form_data whatever
   * the x-axis, and Superset groups a number or text axis plainly. Adhoc SQL that is no dataset
   * column has no known type, so it is truncated only when a grain is asked for.
   */
  column(column: Column, defaultGrain?: string | null): ResolvedExpression {
    if (typeof column === 'string') {
      const found = this.columns.get(column);
      if (!found) throw columnsMissing([column]);
      return this.physicalColumn(found);
    }
    const label = columnLabel(column);
    const found = this.columns.get(column.sqlExpression);
    let resolved: ResolvedExpression = found
      ? { ...this.physicalColumn(found), label }
      : { sql: this.fragment(column.sqlExpression), label, isDttm: false, typeGeneric: null };
    if (column.columnType === 'BASE_AXIS') {
      const temporal = found ? isTemporal(resolved) : Boolean(column.timeGrain);
      const grain = column.timeGrain ?? defaultGrain ?? DEFAULT_TIME_GRAIN;
      if (temporal) resolved = this.grained(resolved, grain);
    }
    return resolved;
  }

  /** The legacy `__timestamp` column: the granularity column truncated to the grain. */
  timestampColumn(granularity: string, grain: string | null | undefined): ResolvedExpression {
    const found = this.columns.get(granularity);
    if (!found) throw columnsMissing([granularity]);
    return {
      ...this.grained(this.physicalColumn(found), grain ?? DEFAULT_TIME_GRAIN),
      label: '__timestamp',
    };
  }

  metric(metric: Metric): ResolvedExpression {
    const label = metricLabel(metric);
    if (typeof metric === 'string') {
      const saved = this.dataset.metrics.find((m) => m.metric_name === metric);
      if (!saved) throw badRequest(`Metric '${metric}' does not exist`);
      return { sql: this.fragment(saved.expression), label, isDttm: false, typeGeneric: 0 };
    }
    if (metric.expressionType === 'SQL') {
      if (!metric.sqlExpression) throw badRequest('A SQL metric needs a sqlExpression');
      return { sql: this.fragment(metric.sqlExpression), label, isDttm: false, typeGeneric: 0 };
    }
    const name = metric.column?.column_name;
    if (!name || !metric.aggregate) {
      throw badRequest('A simple metric needs a column and an aggregate');
    }
    const column = this.columns.get(name);
    if (!column) throw columnsMissing([name]);
    const inner = this.physicalColumn(column).sql;
    const sql =
      metric.aggregate === 'COUNT_DISTINCT'
        ? `COUNT(DISTINCT ${inner})`
        : `${metric.aggregate}(${inner})`;
    return { sql, label, isDttm: false, typeGeneric: 0 };
  }

  /**
   * The alias a label is selected under: the label itself, or for labels longer than the engine
   * keeps, a shortened label with a hash (the result is renamed back to the label).
   */
  alias(label: string): string {
    const max = this.dialect.maxIdentifierLength;
    if (new TextEncoder().encode(label).length <= max) return label;
    const hash = createHash('md5').update(label).digest('hex').slice(0, 8);
    let prefix = label;
    while (new TextEncoder().encode(`${prefix}_${hash}`).length > max) prefix = prefix.slice(0, -1);
    return `${prefix}_${hash}`;
  }
}
