import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chartDataCacheKey, queryJsonOf, stableJson } from './cacheKey.ts';

/** The cache key: a digest of the sorted-key JSON of everything an answer depends on. */

const query = { metrics: ['count'], columns: ['origin'], row_limit: 50, time_range: 'Last week' };
const input = {
  datasourceId: 4,
  datasourceVersion: '["2026-11-22",[[1,"2026-11-22"]]]',
  rlsClauses: ["region = 'US'"],
  resultType: 'full' as const,
  userId: null,
};

describe('chart data cache key', () => {
  it('is the digest of the whole key as sorted-key JSON, as before it was composed', () => {
    const whole = stableJson({
      query,
      datasource: input.datasourceId,
      version: input.datasourceVersion,
      rls: input.rlsClauses,
      result_type: input.resultType,
      user: input.userId,
    });
    const key = chartDataCacheKey({ ...input, queryJson: queryJsonOf(query) });
    expect(key).toBe(hash('sha256', whole, 'hex'));
    expect(chartDataCacheKey({ ...input, queryJson: queryJsonOf(query) })).toBe(key);
  });

  it('moves with the query, the version, the RLS clauses, the result type and the user', () => {
    const base = { ...input, queryJson: queryJsonOf(query) };
    const key = chartDataCacheKey(base);
    const variants = [
      { ...base, queryJson: queryJsonOf({ ...query, row_limit: 51 }) },
      { ...base, datasourceVersion: '["2026-11-23"]' },
      { ...base, rlsClauses: [] },
      { ...base, resultType: 'samples' as const },
      { ...base, userId: 3 },
    ];
    for (const variant of variants) expect(chartDataCacheKey(variant)).not.toBe(key);
    // Found again (not hashed again) after a variant of the same query JSON: the same key.
    expect(chartDataCacheKey({ ...base, rlsClauses: [...base.rlsClauses] })).toBe(key);
    for (const variant of variants) {
      expect(chartDataCacheKey(variant)).toBe(
        hash(
          'sha256',
          stableJson({
            query: JSON.parse(variant.queryJson),
            datasource: variant.datasourceId,
            version: variant.datasourceVersion,
            rls: variant.rlsClauses,
            result_type: variant.resultType,
            user: variant.userId,
          }),
          'hex',
        ),
      );
    }
  });

  it('writes the same JSON for equal query objects, frozen or not, whatever their key order', () => {
    const reordered = {
      time_range: 'Last week',
      row_limit: 50,
      columns: ['origin'],
      metrics: ['count'],
    };
    const frozen = Object.freeze({ ...query });
    expect(queryJsonOf(reordered)).toBe(queryJsonOf(query));
    expect(queryJsonOf(frozen)).toBe(queryJsonOf(query));
    expect(queryJsonOf(frozen)).toBe(queryJsonOf(frozen));
  });
});
