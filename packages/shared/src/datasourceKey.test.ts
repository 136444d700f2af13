import { describe, expect, it } from 'vitest';
import {
  DATASOURCE_TYPES,
  formatDatasourceKey,
  isDatasetType,
  parseDatasourceKey,
} from './datasourceKey.ts';

describe('datasource keys', () => {
  it.each(DATASOURCE_TYPES)('parses and formats the %s type', (type) => {
    const key = `42__${type}`;
    expect(parseDatasourceKey(key)).toEqual({ id: 42, type });
    expect(formatDatasourceKey({ id: 42, type })).toBe(key);
  });

  it.each([
    '',
    '42',
    '42__',
    '__table',
    '0__table',
    '-1__table',
    '1.5__table',
    'abc__table',
    '42__druid',
    '42__TABLE',
    '42__table__x',
    '42_table',
    '99999999999999999999__table',
  ])('refuses %j', (key) => {
    expect(parseDatasourceKey(key)).toBeNull();
  });

  it('refuses values that are not text', () => {
    expect(parseDatasourceKey(undefined)).toBeNull();
    expect(parseDatasourceKey(null)).toBeNull();
  });

  it('tolerates surrounding blanks', () => {
    expect(parseDatasourceKey(' 7__query ')).toEqual({ id: 7, type: 'query' });
  });

  it('treats table, dataset and sl_table as datasets, query and saved_query not', () => {
    expect(DATASOURCE_TYPES.filter(isDatasetType)).toEqual(['table', 'dataset', 'sl_table']);
  });
});
