import { describe, expect, it } from 'vitest';
import { CHART_DEFINITIONS } from '../viz/registry.ts';
import { expandControlPanel } from './expand.ts';

// Needs every chart-type folder under viz/: it fails on missing modules until all exist.
describe('every registered chart type’s control panel', () => {
  it('has 26 chart types', () => {
    expect(CHART_DEFINITIONS).toHaveLength(26);
  });
  for (const chart of CHART_DEFINITIONS) {
    it(`${chart.metadata.key}: names only known controls`, () => {
      expect(() => expandControlPanel(chart.controlPanel)).not.toThrow();
    });
  }
});
