import type { CostEstimate } from '../types.ts';
import type { PostgresSession } from './connect.ts';
import { postgresqlDialect } from './dialect.ts';
import { mapPostgresError } from './errors.ts';

interface ExplainPlan {
  Plan: { 'Startup Cost': number; 'Total Cost': number };
}

/** The planner's start-up and total cost of the statement, named as Superset names them. */
export async function pgEstimateCost(
  session: PostgresSession,
  sql: string,
  options: { schema?: string | null; catalog?: string | null } = {},
): Promise<CostEstimate[]> {
  const client = await session.client(options.catalog);
  let broken = false;
  try {
    if (options.schema)
      await client.query(`SET search_path TO ${postgresqlDialect.quoteIdentifier(options.schema)}`);
    const result = await client.query<{ 'QUERY PLAN': ExplainPlan[] }>(
      `EXPLAIN (FORMAT JSON) ${sql.replace(/[\s;]+$/, '')}`,
    );
    return result.rows[0]['QUERY PLAN'].map((entry) => ({
      'Start-up cost': entry.Plan['Startup Cost'],
      'Total cost': entry.Plan['Total Cost'],
    }));
  } catch (error) {
    throw mapPostgresError(error, session.secrets);
  } finally {
    if (options.schema)
      broken = await client.query('RESET search_path').then(
        () => false,
        () => true,
      );
    client.release(broken || undefined);
  }
}
