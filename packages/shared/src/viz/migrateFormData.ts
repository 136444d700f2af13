import type { QueryFormData } from './types.ts';

/**
 * Saved form data carries `form_data_version`; what was saved before a shape change is brought
 * up to date on read, one step per version, so charts never deal with old shapes.
 */
export const FORM_DATA_VERSION = 1;

/** Charts that draw time on a generic x-axis, which older form data kept in granularity_sqla. */
const TIMESERIES_VIZ_TYPES = new Set([
  'echarts_timeseries',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_timeseries_scatter',
  'echarts_timeseries_step',
  'echarts_timeseries_smooth',
  'echarts_area',
  'mixed_timeseries',
  'big_number',
]);

/** Chart types whose panel still names the legacy `timeseries_limit_metric` control. */
const LEGACY_SORT_VIZ_TYPES = new Set(['table', 'radar']);

type Migration = (formData: QueryFormData) => QueryFormData;

const toNumberIfNumeric = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

/** Version 0 (unversioned) to 1: generic x-axis and the series-limit names. */
const toVersion1: Migration = (input) => {
  const formData: QueryFormData = { ...input };
  if (
    TIMESERIES_VIZ_TYPES.has(formData.viz_type) &&
    formData.x_axis == null &&
    formData.granularity_sqla
  ) {
    // granularity_sqla stays: the time range still filters on it.
    formData.x_axis = formData.granularity_sqla;
  }
  if (
    !LEGACY_SORT_VIZ_TYPES.has(formData.viz_type) &&
    formData.timeseries_limit_metric !== undefined
  ) {
    formData.series_limit_metric ??=
      formData.timeseries_limit_metric as QueryFormData['series_limit_metric'];
    delete formData.timeseries_limit_metric;
  }
  if (formData.limit !== undefined) {
    formData.series_limit ??= formData.limit as QueryFormData['series_limit'];
    delete formData.limit;
  }
  for (const key of ['row_limit', 'series_limit'] as const) {
    if (formData[key] !== undefined)
      formData[key] = toNumberIfNumeric(formData[key]) as number | string;
  }
  return formData;
};

/** MIGRATIONS[n] takes form data of version n to version n + 1. */
const MIGRATIONS: readonly Migration[] = [toVersion1];

export function migrateFormData<T extends QueryFormData>(formData: T): QueryFormData {
  const saved = Number(formData.form_data_version ?? 0);
  // Form data from a newer build is left as it is rather than guessed at.
  if (!Number.isInteger(saved) || saved < 0 || saved >= FORM_DATA_VERSION) return { ...formData };
  let migrated: QueryFormData = { ...formData };
  for (let version = saved; version < FORM_DATA_VERSION; version += 1) {
    migrated = (MIGRATIONS[version] as Migration)(migrated);
  }
  migrated.form_data_version = FORM_DATA_VERSION;
  return migrated;
}
