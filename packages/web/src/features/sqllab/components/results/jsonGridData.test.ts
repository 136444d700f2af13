import { DateDay, Table, TimestampMillisecond, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrowGridData } from '../../../../components/DataGrid/arrowData.ts';
import { instantOf, jsonResultGridData } from './jsonGridData.ts';

const at = Date.UTC(2001, 0, 1, 0, 1, 0);
const withMillis = Date.UTC(2001, 0, 1, 0, 1, 0, 250);

describe('times in a JSON result', () => {
  it('reads Superset JSON times and dates as instants', () => {
    expect(instantOf('2001-01-01T00:01:00')).toBe(at);
    expect(instantOf('2001-01-01T00:01:00.250000')).toBe(withMillis);
    expect(instantOf('2001-01-01T01:01:00+01:00')).toBe(at);
    expect(instantOf('2001-01-01')).toBe(Date.UTC(2001, 0, 1));
    expect(instantOf('soon')).toBeNull();
  });

  it('draws, copies and sorts them as the Arrow path does, whatever the size', () => {
    const columns = [
      { name: 'at', column_name: 'at', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
      { name: 'day', column_name: 'day', type: 'DATE', type_generic: 2, is_dttm: true },
    ];
    const json = jsonResultGridData(
      [
        { at: '2001-01-01T00:01:00', day: '2001-01-01' },
        { at: '2001-01-01T00:01:00.250000', day: null },
      ],
      columns,
    );
    const arrow = arrowGridData(
      new Table({
        at: vectorFromArray([at, withMillis], new TimestampMillisecond()),
        day: vectorFromArray([Date.UTC(2001, 0, 1), null], new DateDay()),
      }),
    );
    for (const row of [0, 1]) {
      for (const column of [0, 1]) {
        expect(json.display(row, column)).toBe(arrow.display(row, column));
        expect(json.text(row, column)).toBe(arrow.text(row, column));
      }
    }
    expect(json.display(0, 0)).toBe('2001-01-01 00:01:00');
    expect(json.value(1, 0)).toBe(withMillis);
  });
});
