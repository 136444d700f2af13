import {
  type CtasMethod,
  type LimitingFactor,
  TMP_TABLE_NAME_PATTERN,
} from '@tessera/shared/api/sqllab';
import { TesseraError } from '@tessera/shared/errors';
import { withParseBudget } from '../engines/sqlParser.ts';
import type { Dialect } from '../engines/types.ts';
import {
  analyzeStatement,
  applyLimit,
  type StatementInfo,
  sqlLimitOf,
  tokenizeOptions,
} from './statements.ts';
import { splitStatements } from './tokens.ts';

/**
 * Turns the text a user ran into the statements the engine will execute, applying SQL Lab's
 * rules in Superset's order: DML, CTAS/CVAS, then the row limit of the last statement.
 */
export interface PlanInput {
  /** The SQL after template rendering. */
  sql: string;
  dialect: Dialect;
  database: {
    allow_dml: number;
    allow_ctas: number;
    allow_cvas: number;
    force_ctas_schema: string | null;
  };
  schema: string | null;
  userId: number;
  queryLimit: number | null | undefined;
  sqlMaxRow: number;
  defaultLimit: number;
  selectAsCta: boolean;
  ctasMethod: CtasMethod;
  tmpTableName: string | null | undefined;
  now?: Date;
}

export interface Plan {
  statements: string[];
  /** What the user's statements are (before CTAS wrapping), for access checks. */
  analyzed: StatementInfo[];
  limit: number;
  limitingFactor: LimitingFactor;
  ctas: { table: string; schema: string | null; method: CtasMethod; selectSql: string } | null;
}

/**
 * Parsing one run's statements may take this long in all; statements past it are read by their
 * keywords (and, for users without database-wide access, refused as not understood).
 */
export const PLAN_PARSE_BUDGET_MS = 500;

export const DML_NOT_ALLOWED_MESSAGE = 'Only SELECT statements are allowed against this database.';

const pad = (n: number) => String(n).padStart(2, '0');

/** Superset's default CTAS table name: `tmp_<user id>_table_<YYYY_MM_DD_HH_MM_SS>`. */
export function defaultCtasTableName(userId: number, now: Date = new Date()): string {
  const stamp = `${now.getUTCFullYear()}_${pad(now.getUTCMonth() + 1)}_${pad(now.getUTCDate())}_${pad(now.getUTCHours())}_${pad(now.getUTCMinutes())}_${pad(now.getUTCSeconds())}`;
  return `tmp_${userId}_table_${stamp}`;
}

/** The limit SQL Lab applies and why: the smaller of the SQL's own LIMIT and the dropdown. */
export function resolveLimit(
  sqlLimit: number | null,
  queryLimit: number | null | undefined,
  sqlMaxRow: number,
  defaultLimit: number,
): { limit: number; factor: LimitingFactor } {
  const dropdown = Math.min(queryLimit && queryLimit > 0 ? queryLimit : defaultLimit, sqlMaxRow);
  if (sqlLimit === null || sqlLimit > dropdown) return { limit: dropdown, factor: 'DROPDOWN' };
  if (sqlLimit < dropdown) return { limit: sqlLimit, factor: 'QUERY' };
  return { limit: sqlLimit, factor: 'QUERY_AND_DROPDOWN' };
}

export function buildPlan(input: PlanInput): Plan {
  const { dialect } = input;
  if (input.tmpTableName && !TMP_TABLE_NAME_PATTERN.test(input.tmpTableName)) {
    throw new TesseraError(400, 'Invalid input', {
      fields: { tmp_table_name: ['String does not match expected pattern.'] },
    });
  }
  const texts = splitStatements(input.sql, tokenizeOptions(dialect));
  if (texts.length === 0) {
    throw new TesseraError(400, 'There is no SQL to run.', { errorType: 'INVALID_SQL_ERROR' });
  }
  const analyzed = withParseBudget(PLAN_PARSE_BUDGET_MS, () =>
    texts.map((text) => analyzeStatement(text, dialect)),
  );
  if (!input.database.allow_dml && analyzed.some((statement) => statement.isMutating)) {
    throw new TesseraError(400, DML_NOT_ALLOWED_MESSAGE, { errorType: 'DML_NOT_ALLOWED_ERROR' });
  }

  const last = analyzed[analyzed.length - 1];
  const sqlLimit = last.isSelect ? sqlLimitOf(last.sql, dialect) : null;
  const { limit, factor } = resolveLimit(
    sqlLimit,
    input.queryLimit,
    input.sqlMaxRow,
    input.defaultLimit,
  );

  if (input.selectAsCta) {
    const ctas = planCtas(input, analyzed);
    const statements = analyzed.map((statement, index) =>
      index < analyzed.length - 1 && statement.isSelect
        ? applyLimit(statement.sql, limit + 1, dialect)
        : statement.sql,
    );
    const target = ctas.schema
      ? `${dialect.quoteIdentifier(ctas.schema)}.${dialect.quoteIdentifier(ctas.table)}`
      : dialect.quoteIdentifier(ctas.table);
    statements[statements.length - 1] = `CREATE ${ctas.method} ${target} AS\n${last.sql}`;
    return { statements, analyzed, limit, limitingFactor: factor, ctas };
  }

  // Every SELECT fetches one row more than the limit, so the answer knows whether more exist.
  const statements = analyzed.map((statement) =>
    statement.isSelect ? applyLimit(statement.sql, limit + 1, dialect) : statement.sql,
  );
  return { statements, analyzed, limit, limitingFactor: factor, ctas: null };
}

function planCtas(input: PlanInput, analyzed: StatementInfo[]): NonNullable<Plan['ctas']> {
  const method = input.ctasMethod;
  const last = analyzed[analyzed.length - 1];
  if (method === 'VIEW') {
    if (!input.database.allow_cvas) {
      throw new TesseraError(400, 'CVAS (create view as select) is not allowed on this database.', {
        errorType: 'INVALID_CVAS_QUERY_ERROR',
      });
    }
    if (analyzed.length !== 1 || !last.isSelect) {
      throw new TesseraError(
        400,
        'CVAS (create view as select) needs a query with exactly one statement, a SELECT. Please make sure your query has only a SELECT statement, then run it again.',
        { errorType: 'INVALID_CVAS_QUERY_ERROR' },
      );
    }
  } else {
    if (!input.database.allow_ctas) {
      throw new TesseraError(
        400,
        'CTAS (create table as select) is not allowed on this database.',
        {
          errorType: 'INVALID_CTAS_QUERY_ERROR',
        },
      );
    }
    if (!last.isSelect) {
      throw new TesseraError(
        400,
        'CTAS (create table as select) needs a query whose last statement is a SELECT. Please make sure your query ends with a SELECT, then run it again.',
        { errorType: 'INVALID_CTAS_QUERY_ERROR' },
      );
    }
  }
  return {
    table: input.tmpTableName || defaultCtasTableName(input.userId, input.now),
    schema: input.database.force_ctas_schema || input.schema || null,
    method,
    selectSql: last.sql,
  };
}
