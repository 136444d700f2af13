import { describe, expect, it } from 'vitest';
import {
  chartExploreUrl,
  datasetExploreUrl,
  namesExploration,
  parseExploreUrl,
  withExploreDefaults,
} from './urlParams.ts';

describe("Explore's address (spec section 2)", () => {
  it('reads a saved chart, a dataset, the viz type and the dashboard context', () => {
    const url = parseExploreUrl(
      '?slice_id=3&datasource_id=4&datasource_type=table&viz_type=pie&dashboard_id=9&standalone=1&force=true',
    );
    expect(url.query).toEqual({
      slice_id: 3,
      datasource_id: 4,
      datasource_type: 'table',
      viz_type: 'pie',
    });
    expect(url.dashboardId).toBe(9);
    expect(url.standalone).toBe(true);
    expect(url.force).toBe(true);
  });

  it('reads form_data_key, a permalink key and legacy form_data links', () => {
    expect(parseExploreUrl('?form_data_key=abc').query.form_data_key).toBe('abc');
    expect(parseExploreUrl('', 'xyz').query.permalink_key).toBe('xyz');
    expect(parseExploreUrl('?form_data={"datasource":"5__table","viz_type":"pie"}').query).toEqual({
      datasource_id: 5,
      datasource_type: 'table',
      viz_type: 'pie',
    });
    expect(parseExploreUrl('?standalone=0').standalone).toBe(false);
  });

  it('asks for a dataset when the address names nothing to explore', () => {
    expect(namesExploration(parseExploreUrl('').query)).toBe(false);
    expect(namesExploration(parseExploreUrl('?viz_type=pie').query)).toBe(false);
    expect(namesExploration(parseExploreUrl('?datasource_id=1').query)).toBe(true);
  });

  it('writes the addresses of a dataset and a saved chart', () => {
    expect(datasetExploreUrl(4)).toBe('/explore/?datasource_type=table&datasource_id=4');
    expect(chartExploreUrl(12)).toBe('/explore/?slice_id=12');
  });

  it('fills the default viz type, time range, time grain P1D and row limit 1000', () => {
    expect(withExploreDefaults({ datasource: '1__table' }, {})).toEqual({
      datasource: '1__table',
      viz_type: 'table',
      time_range: 'No filter',
      time_grain_sqla: 'P1D',
      row_limit: 1000,
    });
    const configured = withExploreDefaults(
      { datasource: '1__table' },
      { DEFAULT_VIZ_TYPE: 'pie', DEFAULT_TIME_FILTER: 'Last week' },
    );
    expect(configured.viz_type).toBe('pie');
    expect(configured.time_range).toBe('Last week');
    expect(withExploreDefaults({ viz_type: 'table', row_limit: 5 }, {}, 'pie').viz_type).toBe(
      'pie',
    );
  });
});
