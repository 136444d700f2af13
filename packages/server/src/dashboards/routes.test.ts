import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { BASE, createDashboard, insertChart, layoutOf, rison, userId } from './testFixtures.ts';

/** `/api/v1/dashboard/`: reads, writes, the list, favourites, permalinks and permissions. */

describe.each(storeKinds())('dashboard API on the %s metadata store', (store) => {
  let t: TestApp;
  let salesId: number;
  let regionsId: number;
  let chartA: number;
  let chartB: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const shop = await addShopDatabase(t);
    salesId = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regionsId = await createDataset(t, {
      database: shop.id,
      schema: 'main',
      table_name: 'regions',
    });
    chartA = await insertChart(t, 'Sales by region', salesId);
    chartB = await insertChart(t, 'Regions', regionsId);
    await grantToRole(t, 'Gamma', ['datasource_access', `[shop].[sales](id:${salesId})`]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('create and read', () => {
    it('creates with only a title and answers 201 {id, result}', async () => {
      const res = await t.call('alpha', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'Only a title' },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.id).toEqual(expect.any(Number));
      expect(body.result).toMatchObject({ dashboard_title: 'Only a title' });
      const read = await t.call('alpha', { method: 'GET', url: `${BASE}/${body.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().result).toMatchObject({
        id: body.id,
        dashboard_title: 'Only a title',
        published: false,
        url: `/superset/dashboard/${body.id}/`,
        owners: [expect.objectContaining({ id: await userId(t, 'alpha') })],
      });
    });

    it('reads by slug and stores the layout with its charts', async () => {
      const id = await createDashboard(t, {
        dashboard_title: 'Sales',
        slug: 'sales',
        position_json: JSON.stringify(layoutOf([chartA, chartB])),
        json_metadata: JSON.stringify({ color_scheme: 'supersetColors', stagger_time: 5000 }),
      });
      const res = await t.call('admin', { method: 'GET', url: `${BASE}/sales` });
      expect(res.statusCode).toBe(200);
      const { result } = res.json();
      expect(result.id).toBe(id);
      expect(result.url).toBe('/superset/dashboard/sales/');
      expect(result.charts.sort()).toEqual(['Regions', 'Sales by region']);
      expect(JSON.parse(result.position_json).DASHBOARD_VERSION_KEY).toBe('v2');
      expect(JSON.parse(result.json_metadata)).toMatchObject({ color_scheme: 'supersetColors' });
    });

    it('turns an empty title into [ untitled dashboard ] and drops lone certification details', async () => {
      const id = await createDashboard(t, {
        dashboard_title: '',
        certification_details: 'checked',
      });
      const { result } = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json();
      expect(result.dashboard_title).toBe('[ untitled dashboard ]');
      expect(result.certification_details).toBeNull();
    });

    it('answers 404 for an unknown id or slug', async () => {
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/999999` })).statusCode).toBe(
        404,
      );
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/nope` })).statusCode).toBe(404);
    });
  });

  describe('bad input', () => {
    it('refuses json_metadata that is not JSON or has a wrong field type', async () => {
      let res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'x', json_metadata: '{nope' },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain('Field cannot be decoded by JSON');
      res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'x', json_metadata: JSON.stringify({ stagger_time: 'soon' }) },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain('stagger_time');
    });

    it('refuses a layout with an unknown component type or an id above 65535', async () => {
      const badType = {
        ...layoutOf([]),
        'WIDGET-1': { id: 'WIDGET-1', type: 'WIDGET', children: [] },
      };
      let res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'x', position_json: JSON.stringify(badType) },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain('Unknown component type');
      const bigId = {
        ...layoutOf([]),
        'DIVIDER-70000': { id: 'DIVIDER-70000', type: 'DIVIDER', children: [] },
      };
      res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'x', position_json: JSON.stringify(bigId) },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toContain('above the maximum of 65535');
    });

    it('refuses a duplicate slug with "Must be unique"', async () => {
      await createDashboard(t, { dashboard_title: 'First', slug: 'taken' });
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'Second', slug: 'taken' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: { slug: ['Must be unique'] } });
    });

    it('refuses bad rison and unknown filters', async () => {
      let res = await t.call('admin', { method: 'GET', url: `${BASE}/?q=${rison('(page:')}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Not a valid rison/json argument');
      res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/?q=${rison('(filters:!((col:css,opr:ct,value:x)))')}`,
      });
      expect(res.statusCode).toBe(400);
      res = await t.call('admin', {
        method: 'GET',
        url: `${BASE}/favorite_status/?q=${rison('(a:1)')}`,
      });
      expect(res.statusCode).toBe(400);
    });

    it('refuses unknown owners', async () => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/`,
        payload: { dashboard_title: 'x', owners: [987654] },
      });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('update', () => {
    it('answers {id, result, last_modified_time} and the last write wins', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Edit me', slug: 'edit-me' });
      const first = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { dashboard_title: 'One', css: '.a{}' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        id,
        result: { dashboard_title: 'One', css: '.a{}' },
        last_modified_time: expect.any(Number),
      });
      await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { dashboard_title: 'Two' },
      });
      const read = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json();
      expect(read.result.dashboard_title).toBe('Two');
      expect(read.result.css).toBe('.a{}');
      expect(read.result.slug).toBe('edit-me');
      const clash = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { slug: 'sales' },
      });
      expect(clash.statusCode).toBe(422);
      expect(clash.json()).toEqual({ message: { slug: ['Must be unique'] } });
    });

    it('takes the layout from json_metadata.positions and answers the metadata-only variant', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Positions' });
      const json_metadata = JSON.stringify({
        positions: layoutOf([chartA]),
        refresh_frequency: 60,
      });
      const res = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { json_metadata },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.json_metadata).toBe(json_metadata);
      expect(res.json().last_modified_time).toEqual(expect.any(Number));
      const read = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
      expect(JSON.parse(read.json_metadata)).toEqual({ refresh_frequency: 60 });
      expect(JSON.parse(read.position_json)['CHART-1'].meta.chartId).toBe(chartA);
      expect(read.charts).toEqual(['Sales by region']);
    });

    it('forbids publishing and saving to a non-owner with the spec messages', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Admin only', published: true });
      let res = await t.call('alpha', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { published: false },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permissions to edit this dashboard');
      res = await t.call('alpha', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { dashboard_title: 'Mine' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to edit this dashboard');
    });

    it('lets an owner publish', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Alpha owns' }, 'alpha');
      const res = await t.call('alpha', {
        method: 'PUT',
        url: `${BASE}/${id}`,
        payload: { published: true },
      });
      expect(res.statusCode).toBe(200);
      const row = (await t.call('alpha', { method: 'GET', url: `${BASE}/${id}` })).json().result;
      expect(row.published).toBe(true);
    });

    it('changes colours only, leaving changed_on alone with mark_updated=false', async () => {
      const id = await createDashboard(t, {
        dashboard_title: 'Colours',
        json_metadata: JSON.stringify({ refresh_frequency: 30 }),
      });
      const before = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
      const res = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/${id}/colors?mark_updated=false`,
        payload: { color_scheme: 'bnbColors', label_colors: { EU: '#ff0000' } },
      });
      expect(res.statusCode).toBe(200);
      const after = (await t.call('admin', { method: 'GET', url: `${BASE}/${id}` })).json().result;
      expect(after.changed_on).toBe(before.changed_on);
      expect(JSON.parse(after.json_metadata)).toMatchObject({
        refresh_frequency: 30,
        color_scheme: 'bnbColors',
        label_colors: { EU: '#ff0000' },
      });
    });

    it('answers 404 for an unknown dashboard', async () => {
      const res = await t.call('admin', {
        method: 'PUT',
        url: `${BASE}/999999`,
        payload: { css: '' },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('visibility', () => {
    let draft: number;
    let published: number;
    let hiddenData: number;
    beforeAll(async () => {
      const position_json = JSON.stringify(layoutOf([chartA]));
      draft = await createDashboard(t, { dashboard_title: 'Draft', position_json });
      published = await createDashboard(t, {
        dashboard_title: 'Public',
        position_json,
        published: true,
      });
      hiddenData = await createDashboard(t, {
        dashboard_title: 'Other data',
        position_json: JSON.stringify(layoutOf([chartB])),
        published: true,
      });
    });

    it('shows gamma published dashboards on data it may read, never drafts', async () => {
      expect(
        (await t.call('gamma', { method: 'GET', url: `${BASE}/${published}` })).statusCode,
      ).toBe(200);
      expect((await t.call('gamma', { method: 'GET', url: `${BASE}/${draft}` })).statusCode).toBe(
        404,
      );
      expect(
        (await t.call('gamma', { method: 'GET', url: `${BASE}/${hiddenData}` })).statusCode,
      ).toBe(404);
      const list = (
        await t.call('gamma', { method: 'GET', url: `${BASE}/?q=${rison('(page_size:100)')}` })
      ).json();
      expect(list.ids).toContain(published);
      expect(list.ids).not.toContain(draft);
      expect(list.ids).not.toContain(hiddenData);
    });

    it('lets gamma read but not edit what it does not own', async () => {
      const res = await t.call('gamma', {
        method: 'PUT',
        url: `${BASE}/${published}`,
        payload: { css: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to edit this dashboard');
      expect(
        (await t.call('gamma', { method: 'DELETE', url: `${BASE}/${published}` })).statusCode,
      ).toBe(403);
    });

    it('answers 401 to anonymous callers', async () => {
      expect((await t.call('anonymous', { method: 'GET', url: `${BASE}/` })).statusCode).toBe(401);
    });

    it('serves the charts and datasets of a visible dashboard', async () => {
      const charts = await t.call('gamma', { method: 'GET', url: `${BASE}/${published}/charts` });
      expect(charts.statusCode).toBe(200);
      expect(charts.json().result).toEqual([
        expect.objectContaining({
          id: chartA,
          slice_name: 'Sales by region',
          slice_url: `/explore/?slice_id=${chartA}`,
          form_data: expect.objectContaining({ slice_id: chartA, datasource: `${salesId}__table` }),
        }),
      ]);
      const datasets = await t.call('gamma', {
        method: 'GET',
        url: `${BASE}/${published}/datasets`,
      });
      expect(datasets.statusCode).toBe(200);
      expect(datasets.json().result).toEqual([
        expect.objectContaining({ id: salesId, uid: `${salesId}__table`, table_name: 'sales' }),
      ]);
      expect(
        (await t.call('gamma', { method: 'GET', url: `${BASE}/${draft}/charts` })).statusCode,
      ).toBe(404);
    });
  });

  describe('list filters and order', () => {
    it('searches title or slug, filters published, owners and certification', async () => {
      const alpha = await userId(t, 'alpha');
      await createDashboard(
        t,
        { dashboard_title: 'Zebra finance', slug: 'zf', published: true, certified_by: 'QA' },
        'alpha',
      );
      const q = (text: string) => `${BASE}/?q=${rison(text)}`;
      let body = (
        await t.call('admin', {
          method: 'GET',
          url: q('(filters:!((col:dashboard_title,opr:dashboard_title_or_slug,value:zebra)))'),
        })
      ).json();
      expect(body.result.map((r: { dashboard_title: string }) => r.dashboard_title)).toEqual([
        'Zebra finance',
      ]);
      expect(body.result[0]).toMatchObject({
        status: 'published',
        certified_by: 'QA',
        url: '/superset/dashboard/zf/',
      });
      body = (
        await t.call('admin', {
          method: 'GET',
          url: q(`(filters:!((col:owners,opr:rel_m_m,value:${alpha})),page_size:100)`),
        })
      ).json();
      expect(body.count).toBeGreaterThanOrEqual(2);
      body = (
        await t.call('admin', {
          method: 'GET',
          url: q('(filters:!((col:id,opr:dashboard_is_certified,value:!t)))'),
        })
      ).json();
      expect(body.result.every((r: { certified_by: string }) => r.certified_by)).toBe(true);
      body = (
        await t.call('admin', {
          method: 'GET',
          url: q('(filters:!((col:published,opr:eq,value:!f)),page_size:100)'),
        })
      ).json();
      expect(body.result.every((r: { published: boolean }) => !r.published)).toBe(true);
      body = (
        await t.call('admin', {
          method: 'GET',
          url: q('(order_column:dashboard_title,order_direction:asc,page_size:100)'),
        })
      ).json();
      const titles = body.result.map((r: { dashboard_title: string }) =>
        r.dashboard_title.toLowerCase(),
      );
      expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    });
  });

  describe('favourites', () => {
    it('marks, reports and unmarks a favourite, and filters by it', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Fav' });
      expect(
        (await t.call('admin', { method: 'POST', url: `${BASE}/${id}/favorites/` })).json(),
      ).toEqual({ result: 'OK' });
      let status = (
        await t.call('admin', {
          method: 'GET',
          url: `${BASE}/favorite_status/?q=${rison(`!(${id})`)}`,
        })
      ).json();
      expect(status.result).toEqual([{ id, value: true }]);
      const list = (
        await t.call('admin', {
          method: 'GET',
          url: `${BASE}/?q=${rison('(filters:!((col:id,opr:dashboard_is_favorite,value:!t)))')}`,
        })
      ).json();
      expect(list.ids).toEqual([id]);
      await t.call('admin', { method: 'DELETE', url: `${BASE}/${id}/favorites/` });
      status = (
        await t.call('admin', {
          method: 'GET',
          url: `${BASE}/favorite_status/?q=${rison(`!(${id})`)}`,
        })
      ).json();
      expect(status.result).toEqual([{ id, value: false }]);
      expect(
        (await t.call('admin', { method: 'POST', url: `${BASE}/999999/favorites/` })).statusCode,
      ).toBe(404);
    });
  });

  describe('permalinks', () => {
    it('stores the state and reads it back by key', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Linked', slug: 'linked' });
      const state = {
        urlParams: [['standalone', '2']],
        dataMask: { 'NATIVE_FILTER-1': { filterState: { value: ['EU'] } } },
        activeTabs: ['TAB-2'],
        anchor: 'TAB-2',
      };
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/linked/permalink`,
        payload: state,
      });
      expect(res.statusCode).toBe(201);
      const { key, url } = res.json();
      expect(url).toMatch(new RegExp(`/superset/dashboard/p/${key}/$`));
      const read = await t.call('admin', { method: 'GET', url: `${BASE}/permalink/${key}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ dashboardId: String(id), state });
      expect(
        (await t.call('admin', { method: 'GET', url: `${BASE}/permalink/0000unknown` })).statusCode,
      ).toBe(404);
      const bad = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/${id}/permalink`,
        payload: { activeTabs: 'TAB-1' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('copy', () => {
    it('copies without duplicating charts', async () => {
      // Published: Alpha sees other people's dashboards only then, drafts stay hidden.
      const id = await createDashboard(t, {
        dashboard_title: 'Source',
        published: true,
        position_json: JSON.stringify(layoutOf([chartA])),
      });
      const res = await t.call('alpha', {
        method: 'POST',
        url: `${BASE}/${id}/copy/`,
        payload: { dashboard_title: 'Copy', css: '', json_metadata: JSON.stringify({}) },
      });
      expect(res.statusCode).toBe(200);
      const copyId = res.json().result.id;
      const copy = (await t.call('alpha', { method: 'GET', url: `${BASE}/${copyId}` })).json()
        .result;
      expect(copy.dashboard_title).toBe('Copy');
      expect(copy.owners.map((o: { id: number }) => o.id)).toEqual([await userId(t, 'alpha')]);
      expect(JSON.parse(copy.position_json)['CHART-1'].meta.chartId).toBe(chartA);
    });

    it('duplicates charts and remaps their ids in the layout and metadata', async () => {
      const id = await createDashboard(t, {
        dashboard_title: 'Source 2',
        position_json: JSON.stringify(layoutOf([chartA])),
      });
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/${id}/copy/`,
        payload: {
          dashboard_title: 'Deep copy',
          json_metadata: JSON.stringify({
            positions: layoutOf([chartA]),
            timed_refresh_immune_slices: [chartA],
            expanded_slices: { [chartA]: true },
          }),
          duplicate_slices: true,
        },
      });
      expect(res.statusCode).toBe(200);
      const copyId = res.json().result.id;
      const copy = (await t.call('admin', { method: 'GET', url: `${BASE}/${copyId}` })).json()
        .result;
      const newChart = JSON.parse(copy.position_json)['CHART-1'].meta.chartId;
      expect(newChart).not.toBe(chartA);
      const metadata = JSON.parse(copy.json_metadata);
      expect(metadata.timed_refresh_immune_slices).toEqual([newChart]);
      expect(metadata.expanded_slices).toEqual({ [newChart]: true });
      expect(copy.charts).toEqual(['Sales by region']);
    });

    it('refuses a copy with bad metadata and from an invisible dashboard', async () => {
      const id = await createDashboard(t, { dashboard_title: 'Hidden draft' });
      let res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/${id}/copy/`,
        payload: { json_metadata: '[' },
      });
      expect(res.statusCode).toBe(400);
      res = await t.call('gamma', {
        method: 'POST',
        url: `${BASE}/${id}/copy/`,
        payload: { json_metadata: '{}' },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes one and many, all or nothing', async () => {
      const a = await createDashboard(t, { dashboard_title: 'Del A' });
      const b = await createDashboard(t, { dashboard_title: 'Del B' });
      const c = await createDashboard(t, { dashboard_title: 'Del C' });
      expect((await t.call('admin', { method: 'DELETE', url: `${BASE}/${a}` })).statusCode).toBe(
        200,
      );
      expect(
        (await t.call('admin', { method: 'DELETE', url: `${BASE}/?q=${rison(`!(${b},999999)`)}` }))
          .statusCode,
      ).toBe(404);
      const res = await t.call('admin', {
        method: 'DELETE',
        url: `${BASE}/?q=${rison(`!(${b},${c})`)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Deleted 2 dashboards');
      expect((await t.call('admin', { method: 'GET', url: `${BASE}/${b}` })).statusCode).toBe(404);
    });
  });

  describe('related', () => {
    it('lists owners and, for admins, roles', async () => {
      const res = await t.call('alpha', {
        method: 'GET',
        url: `${BASE}/related/owners?q=${rison("(filter:'gam')")}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.length).toBe(1);
      const roles = await t.call('admin', { method: 'GET', url: `${BASE}/related/roles` });
      expect(roles.json().result.map((r: { text: string }) => r.text)).toContain('Gamma');
    });
  });
});
