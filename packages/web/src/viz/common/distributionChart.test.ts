import { describe, expect, it, vi } from 'vitest';
import { rgbaColor, selectedValues, toggleCrossFilter } from './distributionChart.ts';

describe('distribution chart helpers', () => {
  it('cross-filters on a point and clears when the same point is clicked again', () => {
    const setDataMask = vi.fn();
    const point = { label: 'rain', filters: [{ col: 'weather', op: '==' as const, val: 'rain' }] };
    toggleCrossFilter({ setDataMask }, point, new Set());
    expect(setDataMask).toHaveBeenLastCalledWith({
      extraFormData: { filters: [{ col: 'weather', op: 'IN', val: ['rain'] }] },
      filterState: { value: ['rain'], selectedValues: ['rain'], label: 'rain' },
    });
    toggleCrossFilter({ setDataMask }, point, new Set(['rain']));
    expect(setDataMask).toHaveBeenLastCalledWith({
      extraFormData: {},
      filterState: { value: null, selectedValues: null },
    });
  });

  it('reads the selected values and colour pickers', () => {
    expect([...selectedValues({ value: ['a'], selectedValues: ['a', 'b'] })]).toEqual(['a', 'b']);
    expect(selectedValues(undefined).size).toBe(0);
    expect(rgbaColor({ r: 1, g: 2, b: 3, a: 0.5 }, '#000')).toBe('rgba(1, 2, 3, 0.5)');
    expect(rgbaColor(null, '#000')).toBe('#000');
  });
});
