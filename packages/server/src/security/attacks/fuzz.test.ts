import path from 'node:path';
import Database from 'better-sqlite3';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp } from '../../testing/harness.ts';

/**
 * Issue 21's fuzz run, in the test suite: every route of the OpenAPI document receives malformed
 * input of every kind (wrong types, huge strings, a 10 MB body, deep nesting, a cut-off multipart
 * body, bad rison `q`, bad path parameters) as an admin and anonymously. No answer may be a 5xx,
 * and no request may spend a second of CPU. Objects with id 1 exist (a SQLite database, a dataset,
 * a chart, a dashboard), so the malformed input reaches past "not found" into the services.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: Method;
  /** OpenAPI form, `{pk}` for a parameter. */
  path: string;
  query: string[];
  body: JsonSchema | null;
}

interface Case {
  name: string;
  inject: InjectOptions;
}

const CPU_BUDGET_MS = 1000;
const HUGE = 1_000_000;
const TEN_MB = 10 * 1024 * 1024;

const t = await createTestApp({ env: { TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS: 'false' } });
afterAll(async () => {
  await t.close();
});

const ids = await seed();
const routes = await loadRoutes();

async function seed() {
  const file = path.join(t.home, 'fuzz.db');
  const db = new Database(file);
  db.exec(
    "CREATE TABLE cars (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO cars VALUES (1, 'a')",
  );
  db.close();
  const create = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.call('admin', { method: 'POST', url, payload });
    if (res.statusCode !== 201 && res.statusCode !== 200)
      throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  };
  const database = await create('/api/v1/database/', {
    database_name: 'fuzz',
    sqlalchemy_uri: `sqlite:///${file}`,
    expose_in_sqllab: true,
  });
  const dataset = await create('/api/v1/dataset/', { database, table_name: 'cars' });
  const chart = await create('/api/v1/chart/', {
    slice_name: 'fuzz',
    viz_type: 'table',
    datasource_id: dataset,
    datasource_type: 'table',
  });
  const dashboard = await create('/api/v1/dashboard/', { dashboard_title: 'fuzz' });
  // Users are edited by the fuzz: never the admin whose session it uses.
  const roles = (
    await t.call('admin', { method: 'GET', url: '/api/v1/security/roles/' })
  ).json() as { result: Array<{ id: number; name: string }> };
  const user = await create('/api/v1/security/users/', {
    username: 'fuzzed',
    first_name: 'F',
    email: 'fuzzed@example.com',
    password: 'long enough',
    roles: [roles.result.find((r) => r.name === 'Gamma')?.id],
  });
  return { database, dataset, chart, dashboard, user };
}

async function loadRoutes(): Promise<Route[]> {
  const res = await t.call('admin', { method: 'GET', url: '/api/v1/_openapi' });
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  const found: Route[] = [];
  for (const [routePath, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      found.push({
        method: method.toUpperCase() as Method,
        path: routePath,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  // Deletes last, so the seeded objects are there for every other route.
  return found.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** A valid-looking value for each path parameter: the seeded objects. */
function goodParam(route: Route, name: string): string {
  if (route.path.startsWith('/api/v1/security/users/')) return String(ids.user);
  const byName: Record<string, string> = {
    datasource_type: 'table',
    datasource_id: String(ids.dataset),
    column: 'name',
    column_name: 'name',
    table_name: 'cars',
    schema_name: 'main',
    key: 'AAAAAAAAAAAAAAAAAAAAAA',
    cache_key: 'abc',
    client_id: 'abc',
  };
  if (byName[name]) return byName[name];
  if (route.path.includes('/dashboard/')) return String(ids.dashboard);
  if (route.path.includes('/chart/')) return String(ids.chart);
  if (route.path.includes('/dataset/')) return String(ids.dataset);
  return '1';
}

function fill(route: Route, value: (name: string) => string): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));
}

const BAD_PARAMS = [
  'abc',
  '-1',
  '1.5',
  '99999999999999999999999',
  '\u0000',
  'é'.repeat(40),
  "1'--",
];

const BAD_Q = [
  '(((',
  '!(',
  "(a:'unterminated",
  '(page:-1,page_size:999999999)',
  '(filters:!((col:id,opr:eq,value:!(!(!(1))))))',
  '(order_column:"; drop table x",order_direction:sideways)',
  '('.repeat(3000),
  `!(${'1,'.repeat(3000)}1)`,
  'a'.repeat(20_000),
  '{"page":"x"}',
];

/** A value of the wrong type for a field of this schema. */
function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    default:
      return [[null]];
  }
}

function isString(schema: JsonSchema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

function deep(levels: number): string {
  return `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

const TEN_MB_BODY = `{"x":"${'a'.repeat(TEN_MB - 16)}"}`;
const HUGE_TEXT = 'A'.repeat(HUGE);

function cases(route: Route): Case[] {
  const base = fill(route, (name) => goodParam(route, name));
  const out: Case[] = [];
  if (route.path.includes('{')) {
    for (const bad of BAD_PARAMS) {
      out.push({
        name: `path params ${JSON.stringify(bad.slice(0, 12))}`,
        inject: { method: route.method, url: fill(route, () => bad) },
      });
    }
  }
  for (const name of route.query) {
    const values = name === 'q' ? BAD_Q : ['x'.repeat(10_000), '%ZZ', '-1', '(((', '{"a":'];
    for (const value of values) {
      out.push({
        name: `query ${name}=${JSON.stringify(value.slice(0, 16))}`,
        inject: { method: route.method, url: `${base}?${name}=${encodeURIComponent(value)}` },
      });
    }
  }
  if (route.method === 'GET' || route.method === 'DELETE') return out;
  const json = (name: string, payload: string) =>
    out.push({
      name,
      inject: {
        method: route.method,
        url: base,
        headers: { 'content-type': 'application/json' },
        payload,
      },
    });
  const properties = route.body?.properties ?? {};
  json('invalid JSON', '{"a":');
  for (const root of ['[]', '"text"', '12', 'null', '{}']) json(`body ${root}`, root);
  json(
    'wrong field types',
    JSON.stringify(
      Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, wrongType(s)])),
    ),
  );
  const strings = Object.entries(properties).filter(([, s]) => isString(s));
  json(
    'huge strings',
    JSON.stringify(
      strings.length > 0
        ? Object.fromEntries(strings.slice(0, 6).map(([k]) => [k, HUGE_TEXT]))
        : { a: HUGE_TEXT },
    ),
  );
  json('nested 5,000 deep', deep(5000));
  json('10 MB body', TEN_MB_BODY);
  out.push({
    name: 'truncated multipart',
    inject: {
      method: route.method,
      url: base,
      headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      payload:
        '--XX\r\nContent-Disposition: form-data; name="formData"; filename="a.zip"\r\n\r\nPK',
    },
  });
  out.push({
    name: 'urlencoded garbage',
    inject: {
      method: route.method,
      url: base,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=%ZZ&queryEditor=${'%7B'.repeat(5000)}`,
    },
  });
  return out;
}

/**
 * Input aimed at the paths that used to stall: engines' messages echoing huge input (issue 21
 * item 2), each sent to the route that would pass it to an engine.
 */
function targeted(): Case[] {
  const db = ids.database;
  return [
    {
      name: 'chart data with a metric of 100,000 letters',
      inject: {
        method: 'POST',
        url: '/api/v1/chart/data',
        payload: {
          datasource: { id: ids.dataset, type: 'table' },
          queries: [
            {
              metrics: [{ expressionType: 'SQL', sqlExpression: 'a'.repeat(100_000), label: 'm' }],
            },
          ],
        },
      },
    },
    {
      name: 'validate_sql with a 1 MB schema',
      inject: {
        method: 'POST',
        url: `/api/v1/database/${db}/validate_sql/`,
        payload: { sql: 'select 1', schema: HUGE_TEXT },
      },
    },
    {
      name: 'SQL Lab run of 1 MB of SQL',
      inject: {
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: { database_id: db, sql: `select ${'a'.repeat(HUGE)}`, runAsync: false },
      },
    },
    {
      name: 'SQL Lab run with a 1 MB schema',
      inject: {
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: { database_id: db, sql: 'select 1', schema: HUGE_TEXT, runAsync: false },
      },
    },
    {
      // 100 KB: the formatter spends about 0.1 ms a character, so without its cap a megabyte
      // would hold the suite for minutes.
      name: 'format of 100 KB of SQL',
      inject: {
        method: 'POST',
        url: '/api/v1/sqllab/format_sql/',
        payload: { sql: `select ${'x,'.repeat(50_000)}1` },
      },
    },
  ];
}

interface Failure {
  case: string;
  status: number;
  cpuMs: number;
  body: string;
}

async function run(caller: Caller, c: Case): Promise<Failure | null> {
  const before = process.cpuUsage();
  const res = await t.call(caller, c.inject);
  const used = process.cpuUsage(before);
  const cpuMs = (used.user + used.system) / 1000;
  if (res.statusCode < 500 && cpuMs < CPU_BUDGET_MS) return null;
  return {
    case: c.name,
    status: res.statusCode,
    cpuMs: Math.round(cpuMs),
    body: res.body.slice(0, 200),
  };
}

const CALLERS: Caller[] = ['admin', 'anonymous'];

/**
 * An anonymous caller is refused before its input is read, the same way for every malformed
 * input: a sample of each kind is enough there.
 */
function sampled(caller: Caller, all: Case[]): Case[] {
  if (caller !== 'anonymous') return all;
  const seen = new Map<string, number>();
  return all.filter((c) => {
    const kind = c.name.split(' ', 2).join(' ');
    const count = seen.get(kind) ?? 0;
    seen.set(kind, count + 1);
    return count < 2;
  });
}

describe.each(CALLERS)('fuzzing every route as %s', (caller) => {
  for (const route of routes) {
    // Logging out would end the session the rest of the run uses.
    if (caller !== 'anonymous' && /logout/.test(route.path)) continue;
    it(`${route.method} ${route.path}`, async () => {
      const failures: Failure[] = [];
      for (const c of sampled(caller, cases(route))) {
        const failure = await run(caller, c);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    });
  }

  it('input that used to stall the event loop', async () => {
    const failures: Failure[] = [];
    for (const c of targeted()) {
      const failure = await run(caller, c);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});
