import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION, migrateFormData } from './migrateFormData.ts';

describe('migrateFormData', () => {
  it('moves granularity_sqla to x_axis for timeseries charts and keeps the time column', () => {
    const migrated = migrateFormData({
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      granularity_sqla: 'ds',
    });
    expect(migrated).toMatchObject({
      x_axis: 'ds',
      granularity_sqla: 'ds',
      form_data_version: FORM_DATA_VERSION,
    });
    expect(
      migrateFormData({ datasource: '1__table', viz_type: 'pie', granularity_sqla: 'ds' }).x_axis,
    ).toBeUndefined();
    expect(
      migrateFormData({
        datasource: '1__table',
        viz_type: 'echarts_area',
        granularity_sqla: 'ds',
        x_axis: 'other',
      }).x_axis,
    ).toBe('other');
  });

  it('renames legacy timeseries_limit_metric and limit', () => {
    const migrated = migrateFormData({
      datasource: '1__table',
      viz_type: 'echarts_timeseries_bar',
      timeseries_limit_metric: 'count',
      limit: '25',
      row_limit: '1000',
    });
    expect(migrated.series_limit_metric).toBe('count');
    expect(migrated.series_limit).toBe(25);
    expect(migrated.row_limit).toBe(1000);
    expect('timeseries_limit_metric' in migrated).toBe(false);
    expect('limit' in migrated).toBe(false);
  });

  it('leaves the legacy sort control of table charts alone', () => {
    const migrated = migrateFormData({
      datasource: '1__table',
      viz_type: 'table',
      timeseries_limit_metric: 'count',
    });
    expect(migrated.timeseries_limit_metric).toBe('count');
    expect(migrated.series_limit_metric).toBeUndefined();
  });

  it('does not touch current or newer form data, nor its input', () => {
    const current = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      granularity_sqla: 'ds',
      form_data_version: FORM_DATA_VERSION,
    };
    expect(migrateFormData(current)).toEqual(current);
    const newer = {
      datasource: '1__table',
      viz_type: 'pie',
      limit: 5,
      form_data_version: FORM_DATA_VERSION + 1,
    };
    expect(migrateFormData(newer)).toEqual(newer);
    const input = { datasource: '1__table', viz_type: 'echarts_area', limit: 5 };
    migrateFormData(input);
    expect(input).toEqual({ datasource: '1__table', viz_type: 'echarts_area', limit: 5 });
  });
});
