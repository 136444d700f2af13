import type { QueryObject } from '@tessera/shared/api/chartData';
import type { CompiledQuery } from '../query-engine/compiler.ts';
import type { Frame } from '../query-engine/postprocessing/frame.ts';
import { joinOffset, offsetQuery, resolveTimeOffset } from '../query-engine/timeOffsets.ts';
import type { QueryRun } from './execute.ts';

/**
 * Runs a query object's `time_offsets` as extra queries over shifted ranges and joins their
 * metrics (`<metric>__<offset>`) onto the main result, before post-processing (so `compare`
 * can read them). The answer's `query` holds every statement, as Superset's does.
 */
export async function withTimeOffsets(
  query: QueryObject,
  main: { compiled: CompiledQuery; run: QueryRun },
  compile: (query: QueryObject) => CompiledQuery,
  run: (compiled: CompiledQuery) => Promise<QueryRun>,
): Promise<{ frame: Frame; sql: string[] }> {
  const range = { since: main.compiled.fromDttm, until: main.compiled.toDttm };
  const offsets = (query.time_offsets ?? []).map((text) => resolveTimeOffset(text, range));
  let frame = main.run.frame;
  const sql = [main.compiled.sql];
  const metrics = new Set(main.compiled.metricLabels);
  const temporal = new Set(
    [...main.run.coltypes].filter(([name, t]) => t === 2 && !metrics.has(name)).map(([n]) => n),
  );
  for (const offset of offsets) {
    const compiled = compile(offsetQuery(query, offset, range));
    const result = await run(compiled);
    sql.push(compiled.sql);
    frame = joinOffset(frame, result.frame, offset, main.compiled.metricLabels, temporal);
  }
  return { frame, sql };
}
