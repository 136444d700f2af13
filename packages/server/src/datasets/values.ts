import { isDatasetType, isDatasourceType } from '@tessera/shared/datasourceKey';
import { badRequest, notFound } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { rlsClausesFor, rlsSubjectOf } from '../rls/service.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { canAccessDataset } from './access.ts';
import { activeColumns, loadDataset, parseJsonObject } from './model.ts';
import { introspectionContext } from './rules.ts';
import { assertSingleExpression, fromClause } from './source.ts';
import { renderTemplate, type TemplateContext } from './template.ts';

/**
 * `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: the distinct values of a column,
 * as filter pickers ask for them. Row-level security and the dataset's fetch-values predicate
 * apply; at most FILTER_SELECT_ROW_LIMIT (10,000) values.
 */

export const FILTER_SELECT_ROW_LIMIT = 10_000;

function jsonValue(value: unknown): unknown {
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return null;
  return value ?? null;
}

export async function columnValues(
  ctx: AppContext,
  actor: Actor,
  type: string,
  id: number,
  columnName: string,
): Promise<{ result: unknown[] }> {
  requirePermission(actor, 'can_read', 'Datasource');
  if (!isDatasourceType(type) || !isDatasetType(type))
    throw badRequest(`Unable to get column values for datasource type: ${type}`);
  const dataset = await loadDataset(ctx.store, id);
  const principal = principalOf(actor);
  if (!dataset || !canAccessDataset(principal, dataset, actor.user?.id)) throw notFound();
  const column = activeColumns(dataset).find((c) => c.column_name === columnName);
  if (!column) throw badRequest(`Column name ${columnName} does not exist`);

  const spec = lookupSpec(dataset.database.engine);
  const dialect = spec.dialect;
  const context: TemplateContext = introspectionContext(
    actor,
    parseJsonObject(dataset.row.template_params),
  );
  let expression = dialect.quoteIdentifier(column.column_name);
  if (column.expression?.trim()) {
    assertSingleExpression(column.expression, 'column', `column "${column.column_name}"`);
    expression = renderTemplate(column.expression, context);
  }
  const predicates = await rlsClausesFor(ctx, rlsSubjectOf(actor), dataset.row.id, context);
  // A guest token's own row filters bind its guest whatever the role's rules say.
  for (const rule of actor.guest?.rls ?? []) {
    if (rule.dataset === undefined || rule.dataset === dataset.row.id)
      predicates.push(`(${rule.clause})`);
  }
  if (dataset.row.fetch_values_predicate?.trim())
    predicates.push(`(${renderTemplate(dataset.row.fetch_values_predicate, context)})`);
  const where = predicates.length > 0 ? `\nWHERE ${predicates.join(' AND ')}` : '';
  const alias = dialect.quoteIdentifier('column_values');
  const sql = `SELECT DISTINCT ${expression} AS ${alias}\nFROM ${fromClause(dialect, dataset.row, context)}${where}\nORDER BY 1\nLIMIT ${FILTER_SELECT_ROW_LIMIT}`;

  const connection = await ctx.connections.forRow(dataset.database);
  const result = await connection.execute(sql, { maxRows: FILTER_SELECT_ROW_LIMIT });
  const values: unknown[] = [];
  for await (const batch of result.batches) {
    const vector = batch.getChildAt(0);
    for (let i = 0; i < batch.numRows; i += 1) values.push(jsonValue(vector?.get(i)));
  }
  return { result: values };
}
