import type { DashboardChart } from '@tessera/shared/api/dashboards';
import { getQueryBuilder } from '@tessera/shared/viz/queryBuilders';
import type { QueryContext, QueryFormData } from '@tessera/shared/viz/types';

/** How one chart of a dashboard asks for its data: the saved form data in dashboard context. */

export const NO_DEFINITION_MESSAGE = (vizType: string) =>
  `Item with key ${vizType} is not registered.`;

/**
 * The chart's form data on this dashboard: its id and the dashboard's, and the dashboard's colour
 * scheme (a dashboard scheme recolours every chart on it, as in Superset).
 */
export function dashboardFormData(
  slice: Pick<DashboardChart, 'id' | 'viz_type' | 'form_data'>,
  dashboardId: number,
  colorScheme?: string | null,
): QueryFormData {
  const saved = slice.form_data as Partial<QueryFormData>;
  return {
    ...saved,
    datasource: String(saved.datasource ?? ''),
    viz_type: saved.viz_type ?? slice.viz_type,
    slice_id: slice.id,
    dashboardId,
    ...(colorScheme ? { color_scheme: colorScheme } : {}),
  } as QueryFormData;
}

/** The query context of one chart; throws when its chart type has no definition. */
export function chartQueryContext(formData: QueryFormData, force = false): QueryContext {
  const buildQuery = getQueryBuilder(formData.viz_type);
  if (!buildQuery) throw new Error(NO_DEFINITION_MESSAGE(formData.viz_type));
  const context = buildQuery(formData, { force });
  return { ...context, form_data: { ...(context.form_data ?? {}), ...formData }, force };
}
