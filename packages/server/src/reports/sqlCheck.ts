import { TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import type { DatabaseRow } from '../databases/repository.ts';
import { datasetRepository } from '../datasets/repository.ts';
import { rlsClausesFor, rlsSubjectOf } from '../rls/service.ts';
import { type Actor, requireUser } from '../security/actor.ts';
import { checkQueryAccess } from '../sqllab/access.ts';
import { buildPlan, DML_NOT_ALLOWED_MESSAGE } from '../sqllab/plan.ts';
import { sqllabDatabase, templateContext } from '../sqllab/service.ts';
import { renderSqlTemplate } from '../sqllab/templates.ts';

/** At most this many rows of a saved query's SQL go into a report's CSV, XLSX or TEXT. */
export const QUERY_REPORT_MAX_ROWS = 100_000;

export const ONE_STATEMENT = 'A report or alert query must be one SELECT statement';

export interface PlannedSql {
  database: DatabaseRow;
  statement: string;
  limit: number;
}

const sqlError = (message: string, status = 422) =>
  new TesseraError(status, 'Invalid input', { fields: { sql: [message] } });

/**
 * The SQL of an alert or a saved-query report, checked as SQL Lab checks a run, for `actor`: the
 * database visible, templates rendered, one SELECT (never DML, CTAS or a statement no user may
 * run, whatever the database allows), every table it reads granted. A table with row-level
 * security rules for the actor is refused: raw SQL cannot carry them, and a report must never
 * show its owner's mailbox rows the owner could not see in a chart.
 */
export async function planReportSql(
  ctx: AppContext,
  actor: Actor,
  databaseId: number,
  sql: string,
  limit: number,
): Promise<PlannedSql> {
  const user = requireUser(actor);
  let database: DatabaseRow;
  try {
    database = await sqllabDatabase(ctx, actor, databaseId);
  } catch (error) {
    if (error instanceof TesseraError && error.status < 500)
      throw new TesseraError(422, 'Invalid input', {
        fields: { database: ['Database does not exist'] },
      });
    throw error;
  }
  const spec = lookupSpec(database.engine);
  const plan = (() => {
    try {
      return buildPlan({
        sql: renderSqlTemplate(sql, templateContext(user, {})),
        dialect: spec.dialect,
        // Reports only read: whatever the database allows SQL Lab, no DML and no CTAS here.
        database: { ...database, allow_dml: 0, allow_ctas: 0, allow_cvas: 0 },
        schema: null,
        userId: user.id,
        queryLimit: limit,
        sqlMaxRow: limit,
        defaultLimit: limit,
        selectAsCta: false,
        ctasMethod: 'TABLE',
        tmpTableName: null,
      });
    } catch (error) {
      if (error instanceof TesseraError && error.status < 500) throw sqlError(error.message);
      throw error;
    }
  })();
  const [only, ...rest] = plan.analyzed;
  if (!only || rest.length > 0 || plan.statements.length !== 1) throw sqlError(ONE_STATEMENT);
  if (only.isMutating) throw sqlError(DML_NOT_ALLOWED_MESSAGE);
  if (!only.isSelect) throw sqlError(ONE_STATEMENT);
  try {
    checkQueryAccess(principalOf(actor), database, plan.analyzed, { schema: null, catalog: null });
  } catch (error) {
    if (error instanceof TesseraError && error.status < 500) throw sqlError(error.message, 403);
    throw error;
  }
  const refusal = spec.refusesStatement(only.sql);
  if (refusal) throw sqlError(refusal.message);
  for (const table of only.tables) {
    const datasets = await datasetRepository.findByName(ctx.store.db, database.id, table.name);
    for (const dataset of datasets) {
      if (table.schema && dataset.schema && table.schema !== dataset.schema) continue;
      const clauses = await rlsClausesFor(ctx, rlsSubjectOf(actor), dataset.id);
      if (clauses.length > 0)
        throw sqlError(
          `Table ${table.name} has row-level security rules for this user; an alert or a query report cannot apply them, so it may not read that table`,
          403,
        );
    }
  }
  return { database, statement: plan.statements[0] as string, limit: plan.limit };
}
