import type { GenericDataType } from '@tessera/shared/api/chartData';
import { describe, expect, it } from 'vitest';
import { bigNumberTotalExample } from '../../../../shared/src/viz/big_number_total/example.ts';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

function props(
  formData: Record<string, unknown>,
  data: Array<Record<string, unknown>>,
  coltypes: GenericDataType[] = [0],
): ChartProps {
  return {
    formData: { datasource: '1__table', ...bigNumberTotalExample.formData, ...formData },
    queriesData: [
      { data, colnames: Object.keys(data[0] ?? { count: 0 }), coltypes, rowcount: data.length },
    ],
    width: 300,
    height: 200,
    datasource: null,
    theme: 'light',
    hooks: {},
  };
}

describe('big number transform', () => {
  it('formats the one value and keeps the subheader', () => {
    const out = transformProps(props({}, [{ count: 2_999_927 }]));
    expect(out.formattedNumber).toBe('3M');
    expect(out.subheader).toBe('domestic US flights in 2001');
    expect(out.trendline).toBeNull();
  });

  it('uses the chosen number format and currency', () => {
    const out = transformProps(
      props(
        { y_axis_format: ',.2f', currency_format: { symbol: 'USD', symbolPosition: 'prefix' } },
        [{ count: 1234.5 }],
      ),
    );
    expect(out.formattedNumber).toContain('1,234.50');
  });

  it('formats a temporal metric as a date', () => {
    const out = transformProps(
      props(
        { metric: 'max_date', time_format: '%Y-%m-%d' },
        [{ max_date: Date.UTC(2001, 11, 31) }],
        [2],
      ),
    );
    expect(out.formattedNumber).toBe('2001-12-31');
  });

  it('names a missing metric', () => {
    expect(() => transformProps(props({ metric: 'sum__delay' }, [{ count: 1 }]))).toThrow(
      'The metric "sum__delay" is missing from the query results. Run the query again or choose another metric.',
    );
  });
});
