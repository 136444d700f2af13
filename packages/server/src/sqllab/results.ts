import {
  ARROW_COLUMNS_METADATA_KEY,
  ARROW_STREAM_MEDIA_TYPE,
  DISPLAY_MAX_ROW,
  type QueryResultsPayload,
  type ResultColumnSchema,
  type ResultsQuery,
} from '@tessera/shared/api/sqllab';
import { TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import { ipcStream, tableFromIpc } from './payload.ts';
import { queryRepository } from './repository.ts';
import { resultsPayload } from './service.ts';
import { canSeeQuery } from './visibility.ts';

export const RESULTS_NOT_FOUND_MESSAGE =
  'The query associated with these results could not be found. You need to re-run the original query.';
export const RESULTS_EXPIRED_MESSAGE =
  'Data could not be retrieved from the results backend. You need to re-run the original query.';

/** Whether an Accept header asks for the Arrow variant. */
export function wantsArrow(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes(ARROW_STREAM_MEDIA_TYPE);
}

export type ResultsAnswer =
  | { kind: 'json'; body: QueryResultsPayload }
  | { kind: 'arrow'; body: Uint8Array; headers: Record<string, string> };

/**
 * Stored results by key: 404 when no query of the caller's has that key, 410 when the query is
 * known but its rows are gone from the backend (expired or evicted). `rows` cuts what is sent;
 * the Arrow variant sends every stored row unless `rows` says otherwise.
 */
export async function fetchResults(
  ctx: AppContext,
  actor: Actor,
  q: ResultsQuery,
  format: 'json' | 'arrow',
): Promise<ResultsAnswer> {
  requirePermission(actor, 'can_get_results', 'SQLLab');
  const row = await queryRepository.getByResultsKey(ctx.store.db, q.key);
  if (!row || !canSeeQuery(actor, row)) throw new TesseraError(404, RESULTS_NOT_FOUND_MESSAGE);
  const lookup = await ctx.results.get(q.key);
  if (lookup.status !== 'found') throw new TesseraError(410, RESULTS_EXPIRED_MESSAGE);

  if (format === 'arrow') {
    const table = tableFromIpc(lookup.result.ipc, q.rows ?? Number.POSITIVE_INFINITY);
    return {
      kind: 'arrow',
      body: ipcStream(table),
      headers: {
        'content-type': ARROW_STREAM_MEDIA_TYPE,
        'x-tessera-rows': String(table.numRows),
        'x-tessera-display-limit-reached': String(q.rows !== undefined && (row.rows ?? 0) > q.rows),
        'x-tessera-query-id': String(row.id),
      },
    };
  }
  const display = q.rows && q.rows > 0 ? q.rows : DISPLAY_MAX_ROW;
  // One row past the display limit is enough to know it was reached.
  const table = tableFromIpc(lookup.result.ipc, display + 1);
  const columns = JSON.parse(
    table.schema.metadata.get(ARROW_COLUMNS_METADATA_KEY) ?? '[]',
  ) as ResultColumnSchema[];
  return { kind: 'json', body: resultsPayload(row, table, columns, display) };
}
