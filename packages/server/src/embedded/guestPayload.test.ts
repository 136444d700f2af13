import { QueryContext } from '@tessera/shared/api/chartData';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChart } from '../dashboards/testFixtures.ts';
import { EXAMPLE_CHARTS, exampleChartDocuments } from '../examples/chartCatalogue.ts';
import { type Actor, guestActor } from '../security/actor.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { assertGuestPayload, GUEST_PAYLOAD_MESSAGE } from './guestPayload.ts';

/**
 * The guest payload rule against every example chart as Explore saves it: the query context a
 * dashboard builds from the saved form data passes (also with another time grain and range, as
 * the dashboard's filters set them); one asking for more does not.
 */

let t: TestApp;
const guest: Actor = guestActor(
  { user: { username: 'g', first_name: '', last_name: '' }, resources: [], rls: [] },
  {},
  { baseUrl: 'http://localhost', log: console as never },
);
const DATASET = 1;
const charts: Array<{ key: string; id: number; params: Record<string, unknown> }> = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const example of EXAMPLE_CHARTS) {
    const { params, queryContext } = exampleChartDocuments(example, DATASET);
    const id = await insertChart(t, example.sliceName, null);
    await t.store.db
      .updateTable('slices')
      .set({ params: JSON.stringify(params), query_context: JSON.stringify(queryContext) })
      .where('id', '=', id)
      .execute();
    charts.push({ key: example.key, id, params: params as Record<string, unknown> });
  }
});
afterAll(async () => {
  await t?.close();
});

const ctx = () => ({ store: t.store, config: t.config }) as never;

/** The query context the dashboard page builds for the chart, with the dashboard's overrides. */
function built(params: Record<string, unknown>, id: number, overrides = {}) {
  const definition = getChartDefinition(String(params.viz_type));
  const formData = { ...params, dashboardId: 7, slice_id: id, ...overrides };
  return QueryContext.parse(definition?.buildQuery(formData as never));
}

describe('a guest asking for an example chart', () => {
  it('passes with the query context the chart type builds, as saved and as filtered', async () => {
    expect(charts.length).toBe(EXAMPLE_CHARTS.length);
    for (const chart of charts) {
      await expect(
        assertGuestPayload(ctx(), guest, built(chart.params, chart.id)),
        chart.key,
      ).resolves.toBeUndefined();
      const filtered = built(chart.params, chart.id, {
        time_grain_sqla: 'P1M',
        time_range: 'Last year',
      });
      await expect(assertGuestPayload(ctx(), guest, filtered), chart.key).resolves.toBeUndefined();
    }
  });

  it('is refused when it asks for another metric or column', async () => {
    const extra = { expressionType: 'SQL' as const, sqlExpression: 'MAX(secret)', label: 'x' };
    for (const chart of charts) {
      const sent = built(chart.params, chart.id);
      const first = sent.queries[0];
      if (!first) continue;
      const more = { ...sent, queries: [{ ...first, metrics: [...(first.metrics ?? []), extra] }] };
      await expect(assertGuestPayload(ctx(), guest, more), chart.key).rejects.toMatchObject({
        status: 403,
        message: GUEST_PAYLOAD_MESSAGE,
      });
      const wider = {
        ...sent,
        queries: [{ ...first, columns: [...(first.columns ?? []), 'secret'] }],
      };
      await expect(assertGuestPayload(ctx(), guest, wider), chart.key).rejects.toMatchObject({
        status: 403,
      });
    }
  });
});
