import { describe, expect, it } from 'vitest';
import { getQueryBuilder, QUERY_BUILDERS } from './queryBuilders.ts';
import { CHART_DEFINITIONS, VIZ_KEYS } from './registry.ts';

describe('query builders', () => {
  it("has every chart type of the registry, with its definition's own builder", () => {
    expect(Object.keys(QUERY_BUILDERS).sort()).toEqual([...VIZ_KEYS].sort());
    for (const definition of CHART_DEFINITIONS) {
      expect(getQueryBuilder(definition.metadata.key)).toBe(definition.buildQuery);
    }
  });

  it('has none for an unknown type or an inherited property name', () => {
    expect(getQueryBuilder('not_a_chart')).toBeUndefined();
    expect(getQueryBuilder('toString')).toBeUndefined();
  });
});
