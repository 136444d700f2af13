import { describe, expect, it } from 'vitest';
import { nullsLast } from './ordering.ts';

describe('nullsLast', () => {
  const values = [3, null, 10, 2, undefined, 7];
  const sorted = (desc: boolean) => [...values].sort(nullsLast((v) => v, desc));

  it('sorts ascending and descending with N/A last both ways', () => {
    expect(sorted(false)).toEqual([2, 3, 7, 10, null, undefined]);
    expect(sorted(true)).toEqual([10, 7, 3, 2, null, undefined]);
  });

  it('orders text naturally: "Item 2" before "Item 10"', () => {
    const names = ['Item 10', null, 'Item 2', 'item 1'];
    expect([...names].sort(nullsLast((v) => v, false))).toEqual([
      'item 1',
      'Item 2',
      'Item 10',
      null,
    ]);
  });
});
