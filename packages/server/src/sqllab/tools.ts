import type { EstimateBody, FormatSqlBody } from '@tessera/shared/api/sqllab';
import { TesseraError } from '@tessera/shared/errors';
import type { FastifyRequest } from 'fastify';
import { format, supportedDialects } from 'sql-formatter';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { lookupSpec, safeGetSpec } from '../databases/connections.ts';
import { noCostEstimate } from '../engines/errorKit.ts';
import type { CostEstimate } from '../engines/types.ts';
import { requirePermission, requireUser } from '../security/currentUser.ts';
import { checkQueryAccess } from './access.ts';
import { sqllabDatabase, templateContext } from './service.ts';
import { analyzeStatement, tokenizeOptions } from './statements.ts';
import { parseTemplateParams, renderSqlTemplate } from './templates.ts';
import { splitStatements } from './tokens.ts';

/** Cost of each statement from the engine's EXPLAIN; engines without one answer a clear 400. */
export async function estimateCost(
  ctx: AppContext,
  request: FastifyRequest,
  body: EstimateBody,
): Promise<{ result: CostEstimate[] }> {
  requirePermission(request, 'can_estimate_query_cost', 'SQLLab');
  const user = requireUser(request);
  const database = await sqllabDatabase(ctx, request, body.database_id);
  const spec = lookupSpec(database.engine);
  const params = parseTemplateParams(body.template_params);
  const rendered = renderSqlTemplate(body.sql, templateContext(request, user, params));
  const statements = splitStatements(rendered, tokenizeOptions(spec.dialect));
  if (statements.length === 0) {
    throw new TesseraError(400, 'There is no SQL to estimate.', { errorType: 'INVALID_SQL_ERROR' });
  }
  const schema = body.schema || null;
  const catalog = body.catalog || null;
  checkQueryAccess(
    principalOf(request),
    database,
    statements.map((s) => analyzeStatement(s, spec.dialect)),
    { schema, catalog },
  );
  if (!spec.supportsCostEstimate) throw noCostEstimate(spec.name);
  const connection = await ctx.connections.forRow(database);
  const result: CostEstimate[] = [];
  for (const statement of statements)
    result.push(...(await connection.estimateCost(statement, { schema, catalog })));
  return { result };
}

const TEMPLATE_MARKUP = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;

/**
 * Formats SQL in the database's dialect (or the named engine's, else generic SQL). Jinja markup is
 * set aside before formatting and put back after, so templates survive untouched.
 */
export async function formatSql(
  ctx: AppContext,
  request: FastifyRequest,
  body: FormatSqlBody,
): Promise<{ result: string }> {
  requirePermission(request, 'can_format_sql', 'SQLLab');
  let language = 'sql';
  if (body.database_id !== undefined && body.database_id !== null) {
    const database = await sqllabDatabase(ctx, request, body.database_id);
    language = lookupSpec(database.engine).dialect.formatterLanguage;
  } else if (body.engine) {
    const fromEngine = safeGetSpec(body.engine)?.dialect.formatterLanguage;
    language = fromEngine ?? (supportedDialects.includes(body.engine) ? body.engine : 'sql');
  }
  const markup: string[] = [];
  const guarded = body.sql.replace(TEMPLATE_MARKUP, (match) => {
    markup.push(match);
    // Spaced so the placeholder never fuses with a neighbouring token; the spaces go on restore.
    return ` __tessera_template_${markup.length - 1}__ `;
  });
  let formatted: string;
  try {
    formatted = format(guarded, { language: language as 'sql' });
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0];
    throw new TesseraError(400, `The SQL could not be formatted: ${detail}`);
  }
  return {
    result: formatted.replace(
      / ?__tessera_template_(\d+)__ ?/g,
      (_match, index: string) => markup[Number(index)] ?? '',
    ),
  };
}
