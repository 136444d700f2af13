import type {
  SqlValidationAnnotation,
  ValidateSqlAnswer,
  ValidateSqlBody,
} from '@tessera/shared/api/sqlValidation';
import { forbidden, notFound, TesseraError } from '@tessera/shared/errors';
import { hasPermission } from '@tessera/shared/permissions';
import type { AppContext } from '../context.ts';
import { canSeeDatabase, principalOf } from '../databases/access.ts';
import { lookupSpec } from '../databases/connections.ts';
import { databaseRepository } from '../databases/repository.ts';
import type { SqlProblem } from '../engines/types.ts';
import { type Actor, requireUser } from '../security/actor.ts';
import { checkQueryAccess } from '../sqllab/access.ts';
import { templateContext } from '../sqllab/service.ts';
import { analyzeStatement, tokenizeOptions } from '../sqllab/statements.ts';
import { parseTemplateParams, renderSqlTemplate } from '../sqllab/templates.ts';
import { toAnnotation } from './annotations.ts';
import { parserProblem } from './parserCheck.ts';
import { checkKind, policyFor } from './policy.ts';
import { placeStatements } from './script.ts';

/** Superset's wording when the database's engine has no validator. */
export function noValidatorError(engine: string): TesseraError {
  return new TesseraError(422, `no SQL validator is configured for ${engine}`, {
    errorType: 'GENERIC_DB_ENGINE_ERROR',
  });
}

/**
 * `POST /api/v1/database/{pk}/validate_sql/`: the SQL is rendered as SQL Lab would run it, cut
 * into statements, and each one is checked without running it (the engine's EXPLAIN, only planned
 * or prepared; DDL the engine cannot explain only by the parser). The caller needs what SQL Lab's
 * execute needs, or read access to databases, as Superset allows.
 */
export async function validateSql(
  ctx: AppContext,
  actor: Actor,
  databaseId: number,
  body: ValidateSqlBody,
): Promise<ValidateSqlAnswer> {
  const user = requireUser(actor);
  const principal = principalOf(actor);
  if (
    !hasPermission(principal, 'can_execute_sql_query', 'SQLLab') &&
    !hasPermission(principal, 'can_read', 'Database')
  )
    throw forbidden('Forbidden');
  const database = await databaseRepository.get(ctx.store.db, databaseId);
  // A database the caller may not see is answered like a missing one, as the databases API does.
  if (!database || !canSeeDatabase(principal, database)) throw notFound();
  const policy = policyFor(database.engine);
  if (!policy) throw noValidatorError(database.engine);
  const spec = lookupSpec(database.engine);

  const params = parseTemplateParams(body.template_params);
  const script = renderSqlTemplate(body.sql, templateContext(user, params));
  const statements = placeStatements(script, tokenizeOptions(spec.dialect));
  if (statements.length === 0) return { result: [] };

  const schema = body.schema || null;
  const catalog = body.catalog || null;
  checkQueryAccess(
    principal,
    database,
    statements.map((statement) => analyzeStatement(statement.sql, spec.dialect)),
    { schema, catalog },
  );

  const connection = await ctx.connections.forRow(database);
  const validateStatement = connection.validateStatement?.bind(connection);
  if (!validateStatement) throw noValidatorError(database.engine);
  const result: SqlValidationAnnotation[] = [];
  for (const statement of statements) {
    let problem: SqlProblem | null = null;
    const kind = checkKind(policy, statement.tokens);
    if (kind === 'engine') problem = await validateStatement(statement.sql, { schema, catalog });
    else if (kind === 'parser') problem = parserProblem(statement.sql, spec.dialect.parserDatabase);
    if (problem) result.push(toAnnotation(script, statement, problem));
  }
  return { result };
}
