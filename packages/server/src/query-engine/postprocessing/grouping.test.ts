import { describe, expect, it } from 'vitest';
import type { Cell } from './frame.ts';
import { groupRows, rowsByGroup, rowsOfGroup } from './grouping.ts';
import { reduceGroups } from './groupReduce.ts';
import { REDUCERS } from './stats.ts';

const groupsOf = (keys: Cell[][], options = {}) => {
  const grouping = groupRows(keys, keys[0]?.length ?? 0, options);
  return { keys: grouping.keys, groupOfRow: [...grouping.groupOfRow] };
};

describe('groupRows', () => {
  it('numbers groups in sorted key order, numbers before text, missing keys last', () => {
    expect(groupsOf([['b', 2, null, 'a', 2, 10]])).toEqual({
      keys: [[2], [10], ['a'], ['b'], [null]],
      groupOfRow: [3, 0, 4, 2, 0, 1],
    });
  });

  it('treats NaN as a missing key and leaves missing keys out on request', () => {
    expect(groupsOf([[1, Number.NaN, null, 1]])).toEqual({
      keys: [[1], [null]],
      groupOfRow: [0, 1, 1, 0],
    });
    expect(groupsOf([[1, Number.NaN, null, 1]], { dropMissing: true })).toEqual({
      keys: [[1]],
      groupOfRow: [0, -1, -1, 0],
    });
    expect(groupsOf([['x', null]], { missingAs: '<NULL>' }).keys).toEqual([['<NULL>'], ['x']]);
  });

  it('keeps keys that sort as equal in order of first appearance', () => {
    // 1 and '1' compare equal (as text) but are different keys.
    expect(groupsOf([['1', 1, '1']]).keys).toEqual([['1'], [1]]);
    expect(groupsOf([[1, '1', 1]]).keys).toEqual([[1], ['1']]);
  });

  it('puts every row in one group when there is no key, and none for no rows', () => {
    expect(groupRows([], 3).keys).toEqual([[]]);
    expect([...groupRows([], 3).groupOfRow]).toEqual([0, 0, 0]);
    expect(groupRows([], 0).keys).toEqual([]);
    expect(groupRows([[]], 0).keys).toEqual([]);
  });

  it('groups by several keys, beyond what a dense table of combinations holds', () => {
    // 400 x 400 possible pairs is more than the 65,536 slots of the dense path.
    const rows = 400;
    const a = Array.from({ length: rows }, (_, i) => (i * 7) % rows);
    const b = Array.from({ length: rows }, (_, i) => rows - 1 - i);
    const grouping = groupRows([a, [...a], b], rows);
    expect(grouping.keys).toHaveLength(rows);
    expect(grouping.keys[0]).toEqual([0, 0, rows - 1]);
    expect(grouping.keys.at(-1)).toEqual([rows - 1, rows - 1, rows - 1 - 57]);
    const sorted = [...grouping.keys].sort((x, y) => (x[0] as number) - (y[0] as number));
    expect(grouping.keys).toEqual(sorted);
  });

  it('lists each group rows in row order', () => {
    const grouping = groupRows([['x', 'y', 'x', null, 'y']], 5, { dropMissing: true });
    const byGroup = rowsByGroup(grouping.groupOfRow, grouping.keys.length);
    expect([...rowsOfGroup(byGroup, 0)]).toEqual([0, 2]);
    expect([...rowsOfGroup(byGroup, 1)]).toEqual([1, 4]);
  });
});

describe('reduceGroups', () => {
  // Cells as results carry them: nulls, text, NaN, -0 and infinities among the numbers.
  const values: Cell[] = [
    3.1,
    null,
    -0,
    7,
    'text',
    Number.NaN,
    2.2,
    0.1,
    0.2,
    Number.POSITIVE_INFINITY,
    -4,
    null,
    0,
    1e16,
    1,
    -1e16,
  ];
  const groupOfRow = Int32Array.from([0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, -1, 4, 4, 4, 4]);
  const groups = 6; // group 5 has no rows
  const cellsOf = (group: number) => values.filter((_, row) => groupOfRow[row] === group);

  it.each(Object.keys(REDUCERS))('%s gives what REDUCERS gives for each group', (operator) => {
    const options = { q: 30 };
    const reduce = REDUCERS[operator] as (v: Cell[], o?: Record<string, unknown>) => Cell;
    const expected = Array.from({ length: groups }, (_, g) =>
      cellsOf(g).length ? reduce(cellsOf(g), options) : null,
    );
    expect(reduceGroups(operator, values, groupOfRow, groups, options)).toEqual(expected);
  });

  it('answers null for a group without rows, whatever the operator gives for no numbers', () => {
    expect(reduceGroups('sum', [null, 5], Int32Array.from([0, 2]), 3)).toEqual([0, null, 5]);
    expect(reduceGroups('prod', [null], Int32Array.from([0]), 2)).toEqual([1, null]);
  });

  it('checks percentile q only when a group has rows, as REDUCERS does', () => {
    expect(reduceGroups('percentile', [], new Int32Array(0), 2, { q: 120 })).toEqual([null, null]);
    expect(() => reduceGroups('percentile', [1], Int32Array.from([0]), 1, { q: 120 })).toThrow(
      'percentile q must be between 0 and 100',
    );
  });
});
