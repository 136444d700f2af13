import { TesseraError } from '@tessera/shared/errors';
import type { ValidatorConfig, ValidatorType } from '@tessera/shared/reports/schemas';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../security/actor.ts';
import { queryRows } from './data.ts';

/**
 * An alert's condition, as Superset's AlertCommand checks it: the SQL (run as the executor,
 * SQL Lab's rules) answers at most one row of one value; `not null` fires on any value but null
 * and 0, `operator` on the value against the threshold. A second row, a second column or a value
 * that is not a number is an error with a message, never a silent "not triggered".
 */

export const MULTIPLE_ROWS = (n: number) =>
  `Alert query returned more than one row. ${n} rows returned`;
export const MULTIPLE_COLUMNS = (n: number) =>
  `Alert query returned more than one column. ${n} columns returned`;
export const NOT_A_NUMBER = 'Alert query returned a non-number value.';

export interface AlertOutcome {
  triggered: boolean;
  value: number | null;
  valueRowJson: string | null;
}

const alertError = (message: string) =>
  new TesseraError(400, message, { errorType: 'GENERIC_COMMAND_ERROR' });

function numberOf(cell: unknown): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'bigint') return Number(cell);
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell)))
    return Number(cell);
  throw alertError(NOT_A_NUMBER);
}

export function compare(value: number, op: NonNullable<ValidatorConfig['op']>, threshold: number) {
  switch (op) {
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '==':
      return value === threshold;
    case '!=':
      return value !== threshold;
  }
}

/** Judges an answer's rows and columns (pure, so the rules are tested without a database). */
export function judge(
  columns: string[],
  rows: Array<Record<string, unknown>>,
  validator: ValidatorType,
  config: ValidatorConfig | null,
): AlertOutcome {
  if (rows.length > 1) throw alertError(MULTIPLE_ROWS(rows.length));
  if (columns.length > 1) throw alertError(MULTIPLE_COLUMNS(columns.length));
  const row = rows[0];
  const column = columns[0];
  const value = row && column !== undefined ? numberOf(row[column]) : null;
  const valueRowJson = row
    ? JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))
    : null;
  if (validator === 'not null')
    return { triggered: value !== null && value !== 0, value, valueRowJson };
  const op = config?.op;
  const threshold = config?.threshold;
  if (!op || threshold === undefined) throw alertError('The alert has no operator or threshold');
  return { triggered: value !== null && compare(value, op, threshold), value, valueRowJson };
}

export async function evaluateAlert(
  ctx: AppContext,
  actor: Actor,
  report: {
    database_id: number | null;
    sql: string | null;
    validator_type: string | null;
  },
  config: ValidatorConfig | null,
): Promise<AlertOutcome> {
  if (report.database_id === null || !report.sql)
    throw alertError('The alert has no database or SQL query');
  // Two rows are enough to know there is more than one.
  const { columns, rows } = await queryRows(ctx, actor, report.database_id, report.sql, 2);
  return judge(columns, rows, (report.validator_type ?? 'not null') as ValidatorType, config);
}
