import { describe, expect, it } from 'vitest';
import { cleanColumnConfig, readColumnConfigs, withColumnConfig } from './columnConfig.ts';

describe('column_config', () => {
  it('drops cleared fields and empty columns', () => {
    expect(
      cleanColumnConfig({ columnWidth: undefined, d3NumberFormat: '', horizontalAlign: 'center' }),
    ).toEqual({ horizontalAlign: 'center' });
    expect(cleanColumnConfig({ d3TimeFormat: '  ', currencyFormat: undefined })).toBeNull();
    expect(cleanColumnConfig({ showCellBars: false })).toEqual({ showCellBars: false });
  });

  it('sets one column, keeps the others the query returns and forgets the rest', () => {
    const value = {
      count: { d3NumberFormat: ',d' },
      gone: { columnWidth: 80 },
      name: { horizontalAlign: 'center' as const },
    };
    expect(
      withColumnConfig(value, 'count', { d3NumberFormat: ',d', columnWidth: 120 }, [
        'name',
        'count',
      ]),
    ).toEqual({
      count: { d3NumberFormat: ',d', columnWidth: 120 },
      name: { horizontalAlign: 'center' },
    });
    expect(
      withColumnConfig(value, 'name', { horizontalAlign: undefined }, ['name', 'count']),
    ).toEqual({ count: { d3NumberFormat: ',d' } });
  });

  it('reads saved objects and hand-edited JSON', () => {
    expect(readColumnConfigs('{"a": {"columnWidth": 90}}')).toEqual({ a: { columnWidth: 90 } });
    expect(readColumnConfigs('{oops')).toEqual({});
    expect(readColumnConfigs(null)).toEqual({});
    expect(readColumnConfigs([1])).toEqual({});
  });
});
