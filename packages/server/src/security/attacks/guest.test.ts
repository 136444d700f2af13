import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from '../../dashboards/testFixtures.ts';
import { grantToRole } from '../../datasets/testFixtures.ts';
import { GUEST_PAYLOAD_MESSAGE } from '../../embedded/guestPayload.ts';
import {
  chartDataBody,
  type EmbeddedFixture,
  embed,
  embeddedFixture,
  embeddedPath,
  guestToken,
} from '../../embedded/testFixtures.ts';
import { acquireDuckdbInstance, releaseDuckdbInstance } from '../../engines/duckdb/connect.ts';
import { type StoreKind, storeKinds } from '../../testing/stores.ts';
import { GuestTokens } from '../guestToken.ts';
import { securityRepository } from '../repository.ts';

/**
 * Issue 18's guest boundary, performed over HTTP: a guest token names embedded dashboards, and
 * its bearer reads those dashboards, their charts' data and the datasets behind them, and
 * nothing else: every route of the OpenAPI document is tried, with a guest role as wide as
 * Admin's, and all but those reads are refused and write nothing. Row filters in the token limit
 * the rows (compared with plain SQL on the same file); expired, forged and misdirected tokens are
 * refused at once; answers carry no generated SQL.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

let f: EmbeddedFixture;
let tokenA: string;
let shopDatabase: number;

async function setUp(store: StoreKind) {
  // The widest role there is: the boundary must come from the token, not from the role.
  f = await embeddedFixture({ store, guestToken: { roleName: 'Admin' } });
  tokenA = await guestToken(f.t, { resources: [f.embedA] });
  const dataset = await f.t.store.db
    .selectFrom('tables')
    .select('database_id')
    .where('id', '=', f.sales)
    .executeTakeFirstOrThrow();
  shopDatabase = dataset.database_id;
}

function asGuest(token: string, options: InjectOptions) {
  return f.t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), 'x-guesttoken': token },
  });
}

const chartData = (token: string, payload: unknown, query = '') =>
  asGuest(token, {
    method: 'POST',
    url: `/api/v1/chart/data${query}`,
    payload: payload as Record<string, unknown>,
  });

/**
 * Rows of every table of the metadata store: a refused call leaves each count as it was. The
 * server's own event log is left out: it records refused chart-data calls, the guest writes none.
 */
async function storeCounts(): Promise<Record<string, number>> {
  const tables = await (f.t.config.databaseUrl
    ? sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'logs'
      `
    : sql<{ name: string }>`
        SELECT name FROM sqlite_master
        WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'logs'
      `
  ).execute(f.t.store.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(name)}`.execute(
      f.t.store.db,
    );
    counts[name] = Number(row.rows[0]?.n);
  }
  return counts;
}

/** What plain SQL on the shop file answers. */
async function plainSql(query: string): Promise<Array<Record<string, unknown>>> {
  const instance = await acquireDuckdbInstance(f.shopFile);
  try {
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(query);
    const names = reader.columnNames();
    const rows = reader
      .getRows()
      .map((row) =>
        Object.fromEntries(row.map((v, i) => [names[i], typeof v === 'bigint' ? Number(v) : v])),
      );
    connection.closeSync();
    return rows;
  } finally {
    releaseDuckdbInstance(f.shopFile, instance);
  }
}

/**
 * Every route the server registers that a client may name: those of the OpenAPI document and
 * every descriptor of `shared/src/api/routes/` (some are hidden from the document), by method and
 * path with `{param}`s. A descriptor the server does not register (yet) is left out.
 */
async function everyRoute(): Promise<Array<{ method: Method; path: string }>> {
  const doc = (await f.t.call('admin', { method: 'GET', url: '/api/v1/_openapi' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const found = new Map<string, { method: Method; path: string }>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      const m = method.toUpperCase() as Method;
      found.set(`${m} ${path}`, { method: m, path });
    }
  }
  const dir = fileURLToPath(new URL('../../../../shared/src/api/routes/', import.meta.url));
  for (const file of readdirSync(dir).filter((name) => /^[a-zA-Z]+\.ts$/.test(name))) {
    const module = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const group of Object.values(module)) {
      if (!group || typeof group !== 'object') continue;
      for (const spec of Object.values(group as Record<string, unknown>)) {
        const s = spec as { method?: unknown; path?: unknown };
        if (typeof s?.method !== 'string' || typeof s.path !== 'string') continue;
        const m = s.method as Method;
        if (!f.t.app.hasRoute({ method: m, url: s.path })) continue;
        const openApiPath = s.path.replace(/:(\w+)/g, '{$1}');
        found.set(`${m} ${openApiPath}`, { method: m, path: openApiPath });
      }
    }
  }
  return [...found.values()];
}

describe.each(storeKinds())('on the %s metadata store', (store) => {
  beforeAll(async () => {
    await setUp(store);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  describe('every route, walked with a guest token for dashboard A', () => {
    /** The only answers a guest gets: A's reads, chart data for A, and what anyone may read. */
    const ALLOWED = new Set([
      'GET /api/v1/dashboard/{id_or_slug}',
      'GET /api/v1/dashboard/{id_or_slug}/charts',
      'GET /api/v1/dashboard/{id_or_slug}/datasets',
      'GET /api/v1/embedded_dashboard/{uuid}',
      'POST /api/v1/chart/data',
      'POST /api/v1/chart/data/batch',
      'POST /api/v1/dashboard/{id_or_slug}/permalink',
      'GET /api/v1/security/csrf_token/',
      'GET /api/v1/bootstrap/',
    ]);

    function paramValue(path: string, name: string): string {
      const pk = [
        ['/api/v1/dashboard/', f.dashboardA],
        ['/api/v1/chart/', f.salesChart],
        ['/api/v1/dataset/', f.sales],
        ['/api/v1/database/', shopDatabase],
      ] as const;
      const byName: Record<string, string | number> = {
        id_or_slug: f.dashboardA,
        uuid: f.embedA,
        datasource_type: 'table',
        datasource_id: f.sales,
        column: 'region',
        column_name: 'region',
        table_name: 'sales',
        schema_name: 'main',
      };
      if (name === 'pk') return String(pk.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 1);
      return String(byName[name] ?? 1);
    }

    function bodyFor(route: string): Record<string, unknown> | undefined {
      const aChart = chartDataBody(
        f.sales,
        { dashboardId: f.dashboardA, sliceId: f.salesChart },
        'region',
      );
      if (route === 'POST /api/v1/chart/data') return aChart;
      if (route === 'POST /api/v1/chart/data/batch') return { queries: [aChart] };
      return route.startsWith('GET') || route.startsWith('DELETE') ? undefined : {};
    }

    it('answers only the allowed reads, refuses every other route with 403, writes nothing', async () => {
      const routes = await everyRoute();
      expect(routes.length).toBeGreaterThan(150);
      const before = await storeCounts();
      const answered: string[] = [];
      for (const { method, path } of routes) {
        const route = `${method} ${path}`;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(paramValue(path, name)),
        );
        const res = await asGuest(tokenA, { method, url, payload: bodyFor(route) });
        if (ALLOWED.has(route)) {
          expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBeOneOf([200, 201]);
          answered.push(route);
        } else {
          expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBe(403);
        }
      }
      expect(answered.sort()).toEqual([...ALLOWED].sort());
      // The one write a guest makes: the permalink of its own dashboard.
      expect(await storeCounts()).toEqual({ ...before, key_value: (before.key_value ?? 0) + 1 });
    });

    it('answers a guest no list, no SQL Lab and no write, whatever the route', async () => {
      const refusals: InjectOptions[] = [
        { method: 'GET', url: '/api/v1/dashboard/' },
        { method: 'GET', url: '/api/v1/chart/' },
        { method: 'GET', url: '/api/v1/dataset/' },
        { method: 'GET', url: '/api/v1/database/' },
        { method: 'GET', url: `/api/v1/dataset/${f.sales}` },
        { method: 'GET', url: `/api/v1/chart/${f.salesChart}` },
        { method: 'GET', url: `/api/v1/explore/?slice_id=${f.salesChart}` },
        {
          method: 'POST',
          url: '/api/v1/sqllab/execute/',
          payload: { database_id: shopDatabase, sql: 'SELECT * FROM sales' },
        },
        { method: 'GET', url: '/api/v1/sqllab/' },
        { method: 'POST', url: '/datasource/samples', payload: {} },
        { method: 'POST', url: '/superset/explore_json/', payload: {} },
        {
          method: 'PUT',
          url: `/api/v1/dashboard/${f.dashboardA}`,
          payload: { dashboard_title: 'x' },
        },
        { method: 'DELETE', url: `/api/v1/dashboard/${f.dashboardA}` },
        { method: 'POST', url: `/api/v1/dashboard/${f.dashboardA}/copy/`, payload: {} },
        { method: 'POST', url: '/api/v1/dashboard/', payload: { dashboard_title: 'x' } },
        { method: 'DELETE', url: embeddedPath(f.dashboardA) },
        { method: 'GET', url: embeddedPath(f.dashboardA) },
        {
          method: 'POST',
          url: '/api/v1/security/guest_token/',
          payload: { user: {}, resources: [{ type: 'dashboard', id: f.embedB }], rls: [] },
        },
        { method: 'GET', url: '/api/v1/me/' },
        { method: 'HEAD', url: `/api/v1/dashboard/${f.dashboardA}` },
      ];
      for (const options of refusals) {
        const res = await asGuest(tokenA, options);
        expect(res.statusCode, `${options.method} ${options.url}`).toBe(403);
        if (options.method !== 'HEAD') expect(res.json()).toEqual({ message: 'Forbidden' });
      }
    });
  });

  describe('a token for dashboard A', () => {
    it('reads A, its charts, its datasets and its embedding', async () => {
      const dashboard = await asGuest(tokenA, {
        method: 'GET',
        url: `/api/v1/dashboard/${f.dashboardA}`,
      });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.json().result.id).toBe(f.dashboardA);
      const charts = await asGuest(tokenA, {
        method: 'GET',
        url: `/api/v1/dashboard/${f.dashboardA}/charts`,
      });
      expect(charts.json().result.map((c: { id: number }) => c.id)).toEqual([f.salesChart]);
      const datasets = await asGuest(tokenA, {
        method: 'GET',
        url: `/api/v1/dashboard/${f.dashboardA}/datasets`,
      });
      expect(datasets.json().result.map((d: { id: number }) => d.id)).toEqual([f.sales]);
      const embedding = await asGuest(tokenA, {
        method: 'GET',
        url: `/api/v1/embedded_dashboard/${f.embedA}`,
      });
      expect(embedding.json().result.dashboard_id).toBe(String(f.dashboardA));
    });

    it('cannot read dashboard B, its charts, its datasets or its embedding', async () => {
      for (const url of [
        `/api/v1/dashboard/${f.dashboardB}`,
        `/api/v1/dashboard/${f.dashboardB}/charts`,
        `/api/v1/dashboard/${f.dashboardB}/datasets`,
        `/api/v1/embedded_dashboard/${f.embedB}`,
      ]) {
        const res = await asGuest(tokenA, { method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('reads the data of A chart, and of no chart elsewhere', async () => {
      const ok = await chartData(
        tokenA,
        chartDataBody(f.sales, { dashboardId: f.dashboardA, sliceId: f.salesChart }, 'region'),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().result[0].data).toEqual([
        { region: 'EU', count: 2 },
        { region: 'US', count: 1 },
      ]);
      const refused: Array<[string, unknown, string?]> = [
        [
          "B's chart, drawn for B",
          chartDataBody(f.regions, { dashboardId: f.dashboardB, sliceId: f.regionsChart }, 'code'),
        ],
        [
          "B's chart, said to be drawn for A",
          chartDataBody(f.regions, { dashboardId: f.dashboardA, sliceId: f.regionsChart }, 'code'),
        ],
        [
          'a chart on no dashboard, over the same dataset as A',
          chartDataBody(f.sales, { dashboardId: f.dashboardA, sliceId: f.looseChart }, 'region'),
        ],
        [
          "A's chart naming another dataset",
          chartDataBody(f.regions, { dashboardId: f.dashboardA, sliceId: f.salesChart }, 'code'),
        ],
        ['no dashboard named', chartDataBody(f.sales, {}, 'region')],
        [
          'ids beyond any column',
          chartDataBody(f.sales, { dashboardId: 2 ** 40, sliceId: 2 ** 40 }, 'region'),
        ],
      ];
      for (const [name, payload] of refused) {
        const res = await chartData(tokenA, payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      }
      // The batch route answers each entry by the same rule.
      const batch = await asGuest(tokenA, {
        method: 'POST',
        url: '/api/v1/chart/data/batch',
        payload: {
          queries: [
            chartDataBody(f.sales, { dashboardId: f.dashboardA, sliceId: f.salesChart }, 'region'),
            chartDataBody(
              f.regions,
              { dashboardId: f.dashboardB, sliceId: f.regionsChart },
              'code',
            ),
          ],
        },
      });
      expect(batch.json().result.map((r: { status: number }) => r.status)).toEqual([200, 403]);
    });

    it('carries no generated SQL in any chart-data answer', async () => {
      const body = chartDataBody(
        f.sales,
        { dashboardId: f.dashboardA, sliceId: f.salesChart },
        'region',
      );
      // Twice: the second answer is a cache hit, sent from stored text.
      for (let i = 0; i < 2; i += 1) {
        const res = await chartData(tokenA, body);
        expect(res.json().result[0]).not.toHaveProperty('query');
        expect(res.body).not.toContain('SELECT');
      }
      const asQuery = await chartData(tokenA, { ...body, result_type: 'query' });
      expect(asQuery.json().result).toEqual([{ language: 'sql' }]);
      const batch = await asGuest(tokenA, {
        method: 'POST',
        url: '/api/v1/chart/data/batch',
        payload: { queries: [body] },
      });
      expect(batch.body).not.toContain('SELECT');
      // A signed-in user still sees it.
      const admin = await f.t.call('admin', {
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: body,
      });
      expect(admin.json().result[0].query).toContain('SELECT');
    });

    it('stops working the moment its embedding is removed', async () => {
      const board = await createDashboard(f.t, { dashboard_title: 'C', published: true });
      const uuid = (await embed(f.t, board)).json().result.uuid;
      const token = await guestToken(f.t, { resources: [uuid] });
      const url = `/api/v1/dashboard/${board}`;
      expect((await asGuest(token, { method: 'GET', url })).statusCode).toBe(200);
      await f.t.call('admin', { method: 'DELETE', url: embeddedPath(board) });
      expect((await asGuest(token, { method: 'GET', url })).statusCode).toBe(404);
    });
  });

  describe('a guest reads its charts as they were saved', () => {
    const saved = () =>
      chartDataBody(f.sales, { dashboardId: f.dashboardA, sliceId: f.salesChart }, 'region');
    const withQuery = (change: Record<string, unknown>) => {
      const body = saved();
      return { ...body, queries: [{ ...body.queries[0], ...change }] };
    };

    it('refuses other columns, metrics, orderings, SQL filters and raw rows', async () => {
      const sum = { expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'count' };
      const cases: Array<[string, unknown]> = [
        ['another column', withQuery({ columns: ['amount'] })],
        ['another column beside its own', withQuery({ columns: ['region', 'id'] })],
        [
          'a column as adhoc SQL',
          withQuery({ columns: [{ sqlExpression: 'amount', label: 'region' }] }),
        ],
        ['another metric under its label', withQuery({ metrics: [sum] })],
        ['a saved metric it does not show', withQuery({ metrics: ['count', 'sum__amount'] })],
        ['ordering by a hidden column', withQuery({ orderby: [['amount', false]] })],
        ['a SQL where', withQuery({ extras: { where: 'amount > 10' } })],
        ['a SQL having', withQuery({ extras: { having: 'COUNT(*) > 1' } })],
        ['a deprecated top-level where', withQuery({ where: 'amount > 10' })],
        ['a deprecated groupby', withQuery({ groupby: ['amount'] })],
        ['series columns', withQuery({ series_columns: ['amount'] })],
        ['samples', withQuery({ result_type: 'samples' })],
        ['drill to detail', { ...saved(), result_type: 'drill_detail' }],
        [
          'form data asking for more',
          { ...saved(), form_data: { ...saved().form_data, metrics: [sum] } },
        ],
      ];
      for (const [name, payload] of cases) {
        const res = await chartData(tokenA, payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
        expect(res.json(), name).toEqual({ message: GUEST_PAYLOAD_MESSAGE });
      }
    });

    it('accepts the saved shape with filters, in any key order', async () => {
      const reordered = withQuery({
        metrics: [{ label: 'count', sqlExpression: 'COUNT(*)', expressionType: 'SQL' }],
        filters: [{ col: 'region', op: '==', val: 'EU' }],
        time_range: 'No filter',
        row_limit: 10,
      });
      const res = await chartData(tokenA, reordered);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result[0].data).toEqual([{ region: 'EU', count: 2 }]);
      // A signed-in user may ask for anything its grants allow.
      const admin = await f.t.call('admin', {
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: withQuery({ columns: ['amount'], orderby: [['amount', true]] }),
      });
      expect(admin.statusCode, admin.body).toBe(200);
    });
  });

  describe('row filters in the token', () => {
    const body = () =>
      chartDataBody(f.sales, { dashboardId: f.dashboardA, sliceId: f.salesChart }, 'region');

    it('limit the rows of chart data to what plain SQL with the clause answers', async () => {
      const expected = await plainSql(
        "SELECT region, COUNT(*) AS count FROM sales WHERE region = 'EU' GROUP BY region ORDER BY region",
      );
      expect(expected).toEqual([{ region: 'EU', count: 2 }]);
      for (const rls of [
        [{ clause: "region = 'EU'", dataset: f.sales }],
        [{ clause: "region = 'EU'" }],
      ]) {
        const token = await guestToken(f.t, { resources: [f.embedA], rls });
        const res = await chartData(token, body());
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().result[0].data).toEqual(expected);
      }
      // Several clauses are ANDed.
      const both = await guestToken(f.t, {
        resources: [f.embedA],
        rls: [{ clause: "region = 'EU'" }, { clause: 'amount > 6', dataset: f.sales }],
      });
      const res = await chartData(both, body());
      expect(res.json().result[0].data).toEqual(
        await plainSql(
          "SELECT region, COUNT(*) AS count FROM sales WHERE region = 'EU' AND amount > 6 GROUP BY region ORDER BY region",
        ),
      );
    });

    it('for another dataset leave this one whole', async () => {
      const token = await guestToken(f.t, {
        resources: [f.embedA],
        rls: [{ clause: "code = 'EU'", dataset: f.regions }],
      });
      const res = await chartData(token, body());
      expect(res.json().result[0].data).toEqual(
        await plainSql(
          'SELECT region, COUNT(*) AS count FROM sales GROUP BY region ORDER BY region',
        ),
      );
    });
  });

  describe('tokens that are not good', () => {
    const url = () => `/api/v1/dashboard/${f.dashboardA}`;
    const grant = () => ({
      user: { username: 'embedder' },
      resources: [{ type: 'dashboard' as const, id: f.embedA }],
      rls: [],
    });
    const issuer = (
      guestToken: Partial<EmbeddedFixture['t']['config']['guestToken']> = {},
      now = Date.now,
    ) =>
      new GuestTokens(
        {
          store: f.t.store,
          config: { ...f.t.config, guestToken: { ...f.t.config.guestToken, ...guestToken } },
        },
        now,
      );
    const refused = async (token: string) => {
      const res = await asGuest(token, { method: 'GET', url: url() });
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authorized' });
    };

    it('a token one second from expiry still reads; an expired one is refused at once', async () => {
      const fresh = await issuer({}, () => Date.now() - 299_000).sign(grant());
      expect((await asGuest(fresh, { method: 'GET', url: url() })).statusCode).toBe(200);
      await refused(await issuer({}, () => Date.now() - 301_000).sign(grant()));
      await refused(await issuer({ expSeconds: 1 }, () => Date.now() - 2_000).sign(grant()));
    });

    it('refuses forged, tampered, misdirected and malformed tokens', async () => {
      await refused(await issuer({ secret: 'not the secret' }).sign(grant()));
      await refused(await issuer({ audience: 'another-app' }).sign(grant()));
      // Issued in the future: a clock cannot be that far off.
      await refused(await issuer({}, () => Date.now() + 120_000).sign(grant()));
      // Dashboard B swapped into A's token, the signature kept.
      const [header, payload, signature] = tokenA.split('.');
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      claims.resources = [{ type: 'dashboard', id: f.embedB }];
      const swapped = Buffer.from(JSON.stringify(claims)).toString('base64url');
      await refused(`${header}.${swapped}.${signature}`);
      // No signature at all.
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      await refused(`${none}.${payload}.`);
      // The right key, but not a guest token, or one without its claims.
      const key = createHash('sha256').update(`tessera-guest-jwt:${f.t.config.secretKey}`).digest();
      const sign = (body: Record<string, unknown>) =>
        new SignJWT(body)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('5m')
          .setAudience('tessera')
          .sign(key);
      const good = { user: {}, resources: grant().resources, rls_rules: [] };
      expect(
        (await asGuest(await sign({ ...good, type: 'guest' }), { method: 'GET', url: url() }))
          .statusCode,
      ).toBe(200);
      await refused(await sign({ ...good, type: 'access' }));
      await refused(await sign({ type: 'guest', user: {}, resources: grant().resources }));
      await refused(
        await sign({ ...good, type: 'guest', resources: [{ type: 'chart', id: '1' }] }),
      );
      // A user's access token is not a guest token.
      const bearer = (await f.t.bearer('admin')).authorization.replace('Bearer ', '');
      await refused(bearer);
      await refused('');
      await refused('garbage');
    });
  });
});

describe('the guest role', () => {
  let g: EmbeddedFixture;
  let role: number;
  beforeAll(async () => {
    g = await embeddedFixture({ guestToken: { roleName: 'Embedded' } });
    role = await securityRepository.insertRole(g.t.store.db, 'Embedded');
  });
  afterAll(async () => {
    await g?.t.close();
  });
  const guestCall = (token: string, options: InjectOptions) =>
    g.t.app.inject({ ...options, headers: { 'x-guesttoken': token } });

  it('gives the guest its permissions (none: refused) and its row-level security', async () => {
    const token = await guestToken(g.t, {
      resources: [g.embedA],
      rls: [{ clause: "region = 'EU'" }],
    });
    const dashboard = { method: 'GET' as const, url: `/api/v1/dashboard/${g.dashboardA}` };
    expect((await guestCall(token, dashboard)).statusCode).toBe(403);

    await grantToRole(g.t, 'Embedded', ['can_read', 'Dashboard'], ['can_read', 'Chart']);
    expect((await guestCall(token, dashboard)).statusCode).toBe(200);

    const rule = await g.t.call('admin', {
      method: 'POST',
      url: '/api/v1/rowlevelsecurity/',
      payload: {
        name: 'Embedded guests see big sales',
        filter_type: 'Regular',
        tables: [g.sales],
        roles: [role],
        clause: 'amount > 6',
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const res = await guestCall(token, {
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: chartDataBody(
        g.sales,
        { dashboardId: g.dashboardA, sliceId: g.salesChart },
        'region',
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The role's rule and the token's clause, together: one EU sale above 6.
    expect(res.json().result[0].data).toEqual([{ region: 'EU', count: 1 }]);
  });
});
