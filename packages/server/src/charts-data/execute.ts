import type { RecordBatch } from 'apache-arrow';
import type { AppContext } from '../context.ts';
import type { TypeGeneric } from '../engines/types.ts';
import { type Frame, frameFromBatches } from '../query-engine/postprocessing/frame.ts';

/**
 * Runs generated SQL on the dataset's database and reads every Arrow batch into a frame. The
 * batches are always read to the end (or the iterator closed by the failing `for await`), so the
 * pooled connection goes back to its pool.
 */
export interface QueryRun {
  frame: Frame;
  /** Label -> generic type, from the engine's result columns. */
  coltypes: Map<string, TypeGeneric>;
  sqlRowcount: number;
}

export async function runSql(
  ctx: AppContext,
  databaseId: number,
  sql: string,
  options: {
    schema: string | null;
    timeoutSeconds: number;
    maxRows: number;
    aliasToLabel: Record<string, string>;
  },
): Promise<QueryRun> {
  const connection = await ctx.connections.get(databaseId);
  const result = await connection.execute(sql, {
    schema: options.schema,
    maxRows: options.maxRows,
    signal:
      options.timeoutSeconds > 0 ? AbortSignal.timeout(options.timeoutSeconds * 1000) : undefined,
  });
  const batches: RecordBatch[] = [];
  for await (const batch of result.batches) batches.push(batch);
  const names = result.columns.map((c) => options.aliasToLabel[c.name] ?? c.name);
  const frame = frameFromBatches(names, batches);
  const coltypes = new Map<string, TypeGeneric>(
    result.columns.map((c, i) => [names[i] as string, c.is_dttm ? 2 : c.type_generic]),
  );
  return { frame, coltypes, sqlRowcount: frame.table.numRows() };
}
