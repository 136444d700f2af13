import type { DatasetCreateAnswer, DatasetCreateBody } from '@tessera/shared/api/datasets';
import { routePath } from '@tessera/shared/api/route';
import { datasetRoutes } from '@tessera/shared/api/routes/datasets';
import { sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import {
  ARROW_COLUMNS_METADATA_KEY,
  ARROW_STREAM_MEDIA_TYPE,
  type ResultColumnSchema,
} from '@tessera/shared/api/sqllab';
import { type Table, tableFromIPC } from 'apache-arrow';
import { type ApiClient, api as defaultApi } from '../../../../app/api.ts';

/**
 * The results pane's calls: stored rows through the Arrow variant of
 * `GET /api/v1/sqllab/results/` (columnar bytes, no row objects), download links, and the
 * dataset created from a query.
 */

export interface ArrowResults {
  table: Table;
  /** The server's column list (types, type_generic), from the stream's schema metadata. */
  columns: ResultColumnSchema[];
  rows: number;
  displayLimitReached: boolean;
}

export async function fetchArrowResults(
  key: string,
  options: { rows?: number; signal?: AbortSignal; timeoutSeconds?: number } = {},
  client: ApiClient = defaultApi,
): Promise<ArrowResults> {
  const reply = await client.callBinary(sqllabRoutes.results, {
    q: { key, ...(options.rows ? { rows: options.rows } : {}) },
    accept: ARROW_STREAM_MEDIA_TYPE,
    signal: options.signal,
    ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
  });
  const table = tableFromIPC(new Uint8Array(reply.body));
  let columns: ResultColumnSchema[] = [];
  try {
    columns = JSON.parse(
      table.schema.metadata.get(ARROW_COLUMNS_METADATA_KEY) ?? '[]',
    ) as ResultColumnSchema[];
  } catch {
    // Without the server's list the Arrow types still say how to show each column.
  }
  return {
    table,
    columns,
    rows: Number(reply.headers.get('x-tessera-rows') ?? table.numRows),
    displayLimitReached: reply.headers.get('x-tessera-display-limit-reached') === 'true',
  };
}

/** The download of a run's full result (the server runs its SELECT again, streamed). */
export function exportUrl(clientId: string, format: 'csv' | 'xlsx'): string {
  const base = routePath(sqllabRoutes.export.path, { client_id: clientId });
  return format === 'csv' ? base : `${base}?format=${format}`;
}

export function createDataset(
  body: DatasetCreateBody,
  client: ApiClient = defaultApi,
): Promise<DatasetCreateAnswer> {
  return client.call(datasetRoutes.create, { body });
}
