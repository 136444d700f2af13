import type { ExploreQuery } from '@tessera/shared/api/explore';
import { DEFAULT_EXPLORE_TIME_RANGE, DEFAULT_EXPLORE_VIZ_TYPE } from '@tessera/shared/api/explore';
import { DEFAULT_EXPLORE_ROW_LIMIT, DEFAULT_TIME_GRAIN } from '@tessera/shared/controls/options';
import { parseDatasourceKey } from '@tessera/shared/datasourceKey';
import type { QueryFormData } from '@tessera/shared/viz/types';

/** What Explore reads from its address (spec section 2), and the addresses it writes. */

export const EXPLORE_PATH = '/explore/';

export interface ExploreUrlParams {
  query: ExploreQuery;
  dashboardId?: number;
  standalone: boolean;
  force: boolean;
}

const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
};

const truthy = (value: string | null) =>
  value !== null && ['1', 'true', 'yes', ''].includes(value.toLowerCase());

/** Superset's legacy `?form_data={"slice_id": 3}` / `{"datasource": "3__table"}` links. */
function fromLegacyFormData(raw: string | null): Partial<ExploreQuery> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const key = parseDatasourceKey(
      typeof parsed.datasource === 'string' ? parsed.datasource : null,
    );
    return {
      ...(typeof parsed.slice_id === 'number' ? { slice_id: parsed.slice_id } : {}),
      ...(key ? { datasource_id: key.id, datasource_type: key.type } : {}),
      ...(typeof parsed.viz_type === 'string' ? { viz_type: parsed.viz_type } : {}),
    };
  } catch {
    return {};
  }
}

export function parseExploreUrl(search: string, permalinkKey?: string): ExploreUrlParams {
  const params = new URLSearchParams(search);
  const legacy = fromLegacyFormData(params.get('form_data'));
  const datasourceKey = parseDatasourceKey(params.get('datasource'));
  const query: ExploreQuery = { ...legacy };
  const sliceId = positiveInt(params.get('slice_id'));
  if (sliceId) query.slice_id = sliceId;
  const datasourceId = positiveInt(params.get('datasource_id')) ?? datasourceKey?.id;
  if (datasourceId) {
    query.datasource_id = datasourceId;
    query.datasource_type = params.get('datasource_type') ?? datasourceKey?.type ?? 'table';
  }
  const vizType = params.get('viz_type');
  if (vizType) query.viz_type = vizType;
  const formDataKey = params.get('form_data_key');
  if (formDataKey) query.form_data_key = formDataKey;
  const permalink = permalinkKey ?? params.get('permalink_key');
  if (permalink) query.permalink_key = permalink;
  return {
    query,
    dashboardId: positiveInt(params.get('dashboard_id')),
    // Any standalone mode but 0 (1 hide nav, 2 hide nav and title, 3 report) draws the chart alone.
    standalone:
      params.has('standalone') && !['0', 'false'].includes(params.get('standalone') ?? ''),
    force: params.has('force') && truthy(params.get('force')),
  };
}

/** Whether the address names something to explore; without it Explore asks for a dataset. */
export function namesExploration(query: ExploreQuery): boolean {
  return Boolean(
    query.slice_id || query.datasource_id || query.form_data_key || query.permalink_key,
  );
}

export function exploreUrl(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${EXPLORE_PATH}?${text}` : EXPLORE_PATH;
}

export const datasetExploreUrl = (datasetId: number) =>
  exploreUrl({ datasource_type: 'table', datasource_id: datasetId });

export const chartExploreUrl = (sliceId: number) => exploreUrl({ slice_id: sliceId });

export interface ExploreDefaults {
  DEFAULT_VIZ_TYPE?: string;
  DEFAULT_TIME_FILTER?: string;
}

/**
 * Fills what the server left out: the configured default viz type else table, the default time
 * range, time grain P1D and row limit 1000 (spec sections 2 and 9).
 */
export function withExploreDefaults(
  formData: Record<string, unknown>,
  conf: ExploreDefaults,
  vizTypeFromUrl?: string,
): QueryFormData {
  const filled: Record<string, unknown> = { ...formData };
  filled.viz_type =
    vizTypeFromUrl || filled.viz_type || conf.DEFAULT_VIZ_TYPE || DEFAULT_EXPLORE_VIZ_TYPE;
  filled.time_range ??= conf.DEFAULT_TIME_FILTER || DEFAULT_EXPLORE_TIME_RANGE;
  filled.time_grain_sqla ??= DEFAULT_TIME_GRAIN;
  filled.row_limit ??= DEFAULT_EXPLORE_ROW_LIMIT;
  return filled as QueryFormData;
}
