import type { EstimateBody, FormatSqlBody } from '@tessera/shared/api/sqllab';
import { TesseraError } from '@tessera/shared/errors';
import { format, supportedDialects } from 'sql-formatter';
import type { AppContext } from '../context.ts';
import { principalOf } from '../databases/access.ts';
import { lookupSpec, safeGetSpec } from '../databases/connections.ts';
import { noCostEstimate } from '../engines/errorKit.ts';
import { withParseBudget } from '../engines/sqlParser.ts';
import type { CostEstimate } from '../engines/types.ts';
import { type Actor, requirePermission, requireUser } from '../security/actor.ts';
import { checkQueryAccess } from './access.ts';
import { capFormattable, capInput } from './limits.ts';
import { PLAN_PARSE_BUDGET_MS } from './plan.ts';
import { sqllabDatabase, templateContext, type UrlParams } from './service.ts';
import { analyzeStatement, tokenizeOptions } from './statements.ts';
import { parseTemplateParams, renderSqlTemplate } from './templates.ts';
import { splitStatements } from './tokens.ts';

/** Cost of each statement from the engine's EXPLAIN; engines without one answer a clear 400. */
export async function estimateCost(
  ctx: AppContext,
  actor: Actor,
  body: EstimateBody,
  urlParams: UrlParams = {},
): Promise<{ result: CostEstimate[] }> {
  requirePermission(actor, 'can_estimate_query_cost', 'SQLLab');
  const user = requireUser(actor);
  capInput({
    sql: ['sql', body.sql],
    names: [
      ['schema', body.schema],
      ['catalog', body.catalog],
    ],
    templateParams: ['template_params', body.template_params],
  });
  const database = await sqllabDatabase(ctx, actor, body.database_id);
  const spec = lookupSpec(database.engine);
  const params = parseTemplateParams(body.template_params);
  const rendered = renderSqlTemplate(body.sql, templateContext(user, params, urlParams));
  const statements = splitStatements(rendered, tokenizeOptions(spec.dialect));
  if (statements.length === 0) {
    throw new TesseraError(400, 'There is no SQL to estimate.', { errorType: 'INVALID_SQL_ERROR' });
  }
  const schema = body.schema || null;
  const catalog = body.catalog || null;
  checkQueryAccess(
    principalOf(actor),
    database,
    withParseBudget(PLAN_PARSE_BUDGET_MS, () =>
      statements.map((s) => analyzeStatement(s, spec.dialect)),
    ),
    { schema, catalog },
  );
  if (!spec.supportsCostEstimate) throw noCostEstimate(spec.name);
  const connection = await ctx.connections.forRow(database);
  const result: CostEstimate[] = [];
  for (const statement of statements)
    result.push(...(await connection.estimateCost(statement, { schema, catalog })));
  return { result };
}

const CLOSERS: Record<string, string> = { '{': '}}', '%': '%}', '#': '#}' };

/**
 * Replaces each `{{ }}`, `{% %}` and `{# #}` (up to its first closer) with what `placeholder`
 * makes of it. One pass: an opener whose closer never comes marks that kind finished, so text
 * full of unclosed openers costs linear time (a lazy regex would rescan to the end per opener).
 */
export function replaceTemplateMarkup(
  text: string,
  placeholder: (markup: string) => string,
): string {
  const parts: string[] = [];
  const unclosed = new Set<string>();
  let copied = 0;
  let at = text.indexOf('{');
  while (at !== -1 && at < text.length - 1) {
    const closer = CLOSERS[text[at + 1] as string];
    if (closer && !unclosed.has(closer)) {
      const end = text.indexOf(closer, at + 2);
      if (end === -1) {
        unclosed.add(closer);
      } else {
        parts.push(text.slice(copied, at), placeholder(text.slice(at, end + 2)));
        copied = end + 2;
        at = text.indexOf('{', copied);
        continue;
      }
    }
    at = text.indexOf('{', at + 1);
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/**
 * Formats SQL in the database's dialect (or the named engine's, else generic SQL). Jinja markup is
 * set aside before formatting and put back after, so templates survive untouched.
 */
export async function formatSql(
  ctx: AppContext,
  actor: Actor,
  body: FormatSqlBody,
): Promise<{ result: string }> {
  requirePermission(actor, 'can_format_sql', 'SQLLab');
  capInput({
    sql: ['sql', body.sql],
    names: [['engine', body.engine]],
    templateParams: ['template_params', body.template_params],
  });
  let language = 'sql';
  if (body.database_id !== undefined && body.database_id !== null) {
    const database = await sqllabDatabase(ctx, actor, body.database_id);
    language = lookupSpec(database.engine).dialect.formatterLanguage;
  } else if (body.engine) {
    const fromEngine = safeGetSpec(body.engine)?.dialect.formatterLanguage;
    language = fromEngine ?? (supportedDialects.includes(body.engine) ? body.engine : 'sql');
  }
  const markup: string[] = [];
  const guarded = replaceTemplateMarkup(body.sql, (match) => {
    markup.push(match);
    // Spaced so the placeholder never fuses with a neighbouring token; the spaces go on restore.
    return ` __tessera_template_${markup.length - 1}__ `;
  });
  capFormattable('sql', guarded);
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
