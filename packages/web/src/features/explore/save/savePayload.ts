import type { ChartCreateBody } from '@tessera/shared/api/charts';
import { type ClientErrorObject, FALLBACK_ERROR } from '@tessera/shared/clientErrors';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import type { SaveAction } from '../state/exploreSlice.ts';

/** The pure parts of saving a chart: the payload and the spec's toasts (section 8). */

export const CHART_SAVED = 'Chart [%s] has been saved';
export const CHART_OVERWRITTEN = 'Chart [%s] has been overwritten';
export const DASHBOARD_CREATED_WITH_CHART =
  'Dashboard [%s] just got created and chart [%s] was added to it';
export const CHART_ADDED_TO_DASHBOARD = 'Chart [%s] was added to dashboard [%s]';
export const SAVE_ERROR = 'Sorry, there was an error saving this %s: %s';
export const UNKNOWN_SAVE_ERROR = 'Sorry, an unknown error occurred';
export const NO_EDIT_PERMISSION = 'You do not have permission to edit this %s';
export const STAR_ERROR = 'An error occurred while starring this chart';
export const RENDER_ERROR = 'An error occurred while rendering the visualization: %s';

/** Fills `%s` placeholders in order, as Superset's `t()` does. */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  let index = 0;
  return template.replace(/%s/g, () => String(args[index++] ?? ''));
}

export interface DashboardChoice {
  /** An existing dashboard's id; absent for a new one. */
  id?: number;
  title: string;
  isNew: boolean;
}

/** The form data stored as `params`: the chart's own, without what only this page knows. */
export function savedFormData(formData: QueryFormData, sliceId?: number): QueryFormData {
  const { url_params: _url, dashboardId: _dashboard, extra_form_data: _extra, ...rest } = formData;
  const stored: QueryFormData = { ...rest };
  if (sliceId) stored.slice_id = sliceId;
  else delete stored.slice_id;
  return stored;
}

/** The query context stored with the chart (so `GET /api/v1/chart/{id}/data/` can run it). */
export function savedQueryContext(formData: QueryFormData): string | null {
  const definition = getChartDefinition(formData.viz_type);
  if (!definition) return null;
  try {
    return JSON.stringify(
      definition.buildQuery(formData, { resultType: 'full', resultFormat: 'json' }),
    );
  } catch {
    return null;
  }
}

/** The spec's chart save payload. */
export function buildSavePayload(input: {
  formData: QueryFormData;
  sliceName: string;
  datasource: Pick<DatasourceMeta, 'id' | 'type'>;
  dashboards: number[];
  sliceId?: number;
}): ChartCreateBody {
  const params = savedFormData(input.formData, input.sliceId);
  return {
    params: JSON.stringify(params),
    slice_name: input.sliceName.trim(),
    viz_type: input.formData.viz_type,
    datasource_id: input.datasource.id,
    datasource_type: input.datasource.type,
    dashboards: [...new Set(input.dashboards)],
    query_context: savedQueryContext(params),
  };
}

/** The success toasts of a save, in the order they show. */
export function saveToasts(
  action: SaveAction,
  sliceName: string,
  dashboard: DashboardChoice | null,
): string[] {
  const toasts = [
    formatMessage(action === 'overwrite' ? CHART_OVERWRITTEN : CHART_SAVED, sliceName),
  ];
  if (dashboard) {
    toasts.push(
      dashboard.isNew
        ? formatMessage(DASHBOARD_CREATED_WITH_CHART, dashboard.title, sliceName)
        : formatMessage(CHART_ADDED_TO_DASHBOARD, sliceName, dashboard.title),
    );
  }
  return toasts;
}

/** The failure toast of a save: the server's message, or the unknown-error text. */
export function saveErrorToast(
  error: ClientErrorObject | null | undefined,
  what = 'chart',
): string {
  const message = error?.error?.trim();
  if (!message || message === FALLBACK_ERROR) return UNKNOWN_SAVE_ERROR;
  return formatMessage(SAVE_ERROR, what, message);
}

/** Overwriting needs ownership (can_overwrite); saving a new chart needs can_add. */
export function savePermissionProblem(
  action: SaveAction,
  permissions: { can_add: boolean; can_overwrite: boolean },
): string | null {
  if (action === 'overwrite' && !permissions.can_overwrite) {
    return formatMessage(NO_EDIT_PERMISSION, 'chart');
  }
  if (action === 'saveas' && !permissions.can_add)
    return formatMessage(NO_EDIT_PERMISSION, 'chart');
  return null;
}

/**
 * Two editors of one chart: an overwrite states the version it was edited from
 * (`last_modified_time`, epoch seconds), and the server answers 409 when someone saved since.
 */
export const SAVE_CONFLICT =
  'Someone else saved this chart after you opened it. Reload it to see their changes, or overwrite them with yours.';

/** The precondition of an overwrite from the chart's `changed_on` as loaded; none when unknown. */
export function lastModifiedTimeOf(changedOn: string | null | undefined): number | undefined {
  if (!changedOn) return undefined;
  const at = Date.parse(changedOn);
  return Number.isNaN(at) ? undefined : at / 1000;
}

/** The chart's new `changed_on` from a save's answer (`last_modified_time`), when it says. */
export function changedOnAfterSave(answer: unknown): string | null {
  const time = (answer as { last_modified_time?: unknown } | null)?.last_modified_time;
  return typeof time === 'number' && Number.isFinite(time)
    ? new Date(time * 1000).toISOString()
    : null;
}

/** Whether a failed save failed because the chart changed meanwhile. */
export const isSaveConflict = (error: ClientErrorObject | null | undefined) =>
  error?.status === 409;
