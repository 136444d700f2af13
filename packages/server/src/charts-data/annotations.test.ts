import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartBody, saveChart } from '../charts/testFixtures.ts';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';

/** `annotation_data` of chart answers for native annotation layers. */

describe.each(storeKinds())('chart annotation data on the %s metadata store', (store) => {
  let t: TestApp;
  let sales: number;
  let layer: number;
  const query = (layers: unknown[], range = '2024-01-01 : 2024-02-01') => ({
    datasource: { id: sales, type: 'table' },
    queries: [
      {
        columns: ['region'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
        filters: [{ col: 'sold_at', op: 'TEMPORAL_RANGE', val: range }],
        annotation_layers: layers,
      },
    ],
  });
  const post = (caller: 'admin' | 'sqllab', payload: unknown) =>
    t.call(caller, {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: payload as Record<string, unknown>,
    });
  const releases = () => ({
    name: 'Releases',
    sourceType: 'NATIVE',
    value: layer,
    annotationType: 'EVENT',
    show: true,
    overrides: { time_range: null },
  });

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    const created = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/annotation_layer/',
      payload: { name: 'Release layer' },
    });
    layer = created.json().id;
    const annotations = [
      ['v1', '2024-01-10', '2024-01-10T12:00:00', '{"color": "green"}'],
      ['v2', '2024-01-31T23:00:00', '2024-02-02', null],
      ['v3', '2024-03-01', '2024-03-02', null],
      ['old', '2023-12-01', '2023-12-31', null],
    ] as const;
    for (const [short, start, end, meta] of annotations) {
      const res = await t.call('admin', {
        method: 'POST',
        url: `/api/v1/annotation_layer/${layer}/annotation/`,
        payload: {
          short_descr: short,
          long_descr: `${short} long`,
          start_dttm: start,
          end_dttm: end,
          ...(meta ? { json_metadata: meta } : {}),
        },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the layer's annotations overlapping the time range, by layer name", async () => {
    const res = await post('admin', query([releases()]));
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0].annotation_data).toEqual({
      Releases: {
        columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
        records: [
          {
            start_dttm: Date.UTC(2024, 0, 10),
            end_dttm: Date.UTC(2024, 0, 10, 12),
            short_descr: 'v1',
            long_descr: 'v1 long',
            json_metadata: '{"color": "green"}',
          },
          {
            start_dttm: Date.UTC(2024, 0, 31, 23),
            end_dttm: Date.UTC(2024, 1, 2),
            short_descr: 'v2',
            long_descr: 'v2 long',
            json_metadata: null,
          },
        ],
      },
    });
  });

  it('reads annotations afresh when the data comes from the cache', async () => {
    const first = (await post('admin', query([releases()], '2024-03-01 : 2024-04-01'))).json();
    expect(first.result[0].annotation_data.Releases.records).toHaveLength(1);
    await t.call('admin', {
      method: 'POST',
      url: `/api/v1/annotation_layer/${layer}/annotation/`,
      payload: { short_descr: 'v4', start_dttm: '2024-03-15', end_dttm: '2024-03-15' },
    });
    const second = (await post('admin', query([releases()], '2024-03-01 : 2024-04-01'))).json();
    expect(second.result[0].is_cached).toBe(true);
    expect(
      second.result[0].annotation_data.Releases.records.map(
        (r: { short_descr: string }) => r.short_descr,
      ),
    ).toEqual(['v3', 'v4']);
  });

  it('leaves formula layers to the client', async () => {
    const res = await post(
      'admin',
      query([{ name: 'Goal', sourceType: '', annotationType: 'FORMULA', value: 'x*2' }]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0].annotation_data).toEqual({});
  });

  it("draws another saved chart's rows as a chart-sourced layer, its range overridden", async () => {
    const peerContext = {
      datasource: { id: sales, type: 'table' },
      queries: [
        {
          columns: ['sold_at', 'region'],
          filters: [{ col: 'sold_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-01-02' }],
          orderby: [['sold_at', true]],
        },
      ],
    };
    const peer = await saveChart(
      t,
      'admin',
      chartBody(sales, { slice_name: 'Peer', query_context: JSON.stringify(peerContext) }),
    );
    const layer = {
      name: 'Peer events',
      sourceType: 'table',
      annotationType: 'EVENT',
      value: peer,
      timeColumn: 'sold_at',
      titleColumn: 'region',
      overrides: { time_range: null },
    };
    const res = await post('admin', query([layer]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result[0].annotation_data['Peer events']).toEqual({
      records: [{ sold_at: Date.UTC(2024, 0, 1, 10), region: 'EU' }],
    });
    // A time range in the overrides replaces the saved chart's own.
    const wider = await post(
      'admin',
      query([{ ...layer, overrides: { time_range: '2024-01-01 : 2024-03-01' } }]),
    );
    expect(
      wider
        .json()
        .result[0].annotation_data['Peer events'].records.map((r: { region: string }) => r.region),
    ).toEqual(['EU', 'US', 'EU']);
    // Cached answers read the layer again too (a hit carries the layer's data).
    const again = await post('admin', query([layer]));
    expect(again.json().result[0].is_cached).toBe(true);
    expect(again.json().result[0].annotation_data['Peer events'].records).toHaveLength(1);
    // A dashboard loads its charts through the batch route: the same data, nothing client-side.
    const dashboard = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/chart/data/batch',
      payload: { queries: [query([layer])] },
    });
    expect(dashboard.json().result[0].result[0].annotation_data['Peer events']).toEqual(
      res.json().result[0].annotation_data['Peer events'],
    );
  });

  it('answers 400 for a chart-sourced layer whose chart is missing or draws itself', async () => {
    const missing = await post(
      'admin',
      query([
        { name: 'Other chart', sourceType: 'line', annotationType: 'TIME_SERIES', value: 4242 },
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Chart with ID 4242 (referenced by annotation layer "Other chart") was not found',
    );
    const selfContext = (id: number) =>
      JSON.stringify(
        query([{ name: 'Me', sourceType: 'line', annotationType: 'TIME_SERIES', value: id }]),
      );
    const loop = await saveChart(t, 'admin', chartBody(sales, { slice_name: 'Loop' }));
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/chart/${loop}`,
      payload: { query_context: selfContext(loop) },
    });
    const res = await post('admin', JSON.parse(selfContext(loop)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Circular chart annotation dependency detected');
  });

  it('answers 400 for a layer that does not exist', async () => {
    const res = await post('admin', query([{ ...releases(), value: 4242, name: 'Ghost' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Annotation layer 4242 (referenced as "Ghost") was not found');
  });

  it('answers 403 naming the layer when the caller cannot read annotations', async () => {
    await grantToRole(
      t,
      'sql_lab',
      ['can_read', 'Chart'],
      ['all_datasource_access', 'all_datasource_access'],
    );
    const plain = await post('sqllab', query([]));
    expect(plain.statusCode).toBe(200);
    const res = await post('sqllab', query([releases()]));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You do not have permission to read the annotation layer "Releases" (can_read on Annotation)',
    );
  });
});
