import { describe, expect, it } from 'vitest';
import { fileName, safeName } from './export.ts';

/** Export file names follow Superset's `get_filename` over werkzeug's `secure_filename`. */

describe('export file names', () => {
  it('keeps ASCII letters, digits, `_`, `-` and `.`, joining words with `_`', () => {
    expect(safeName('Sales by region')).toBe('Sales_by_region');
    expect(safeName('Sales (EU) & more')).toBe('Sales_EU__more');
    expect(safeName('a/b\\c')).toBe('a_b_c');
    expect(safeName('Café crème')).toBe('Cafe_creme');
    expect(safeName('..hidden..')).toBe('hidden');
  });

  it('adds the id, or is the id alone when nothing of the name is left', () => {
    expect(fileName('v', 12)).toBe('v_12');
    expect(fileName('shop', 3, false)).toBe('shop');
    expect(fileName('数据', 7)).toBe('7');
    expect(fileName('x'.repeat(300), 5)).toBe(`${'x'.repeat(198)}_5`);
  });
});
