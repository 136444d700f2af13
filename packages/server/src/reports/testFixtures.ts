import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { datasourceView } from '@tessera/shared/permissions';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createContext } from '../context.ts';
import { grantToRole } from '../datasets/testFixtures.ts';
import { addShopDatasets } from '../embedded/testFixtures.ts';
import type { Config } from '../platform/config.ts';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
  type TestUser,
} from '../testing/harness.ts';
import { type ReportsOptions, ReportsRuntime } from './runtime.ts';

/** Shared set-up of the report tests: the shop data, charts on it, a mailbox and a webhook. */

export const BASE = '/api/v1/report';
export const rison = (text: string) => encodeURIComponent(text);

const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  column: { column_name: 'amount' },
  aggregate: 'SUM',
  label: 'total',
};

export interface Shop {
  database: number;
  sales: number;
  regions: number;
  /** A pie of the total amount by region (a picture). */
  pie: number;
  /** The raw rows of `sales` (a table: CSV and TEXT). */
  table: number;
  /** A chart on `regions`, which Gamma is not granted: an admin-only chart. */
  secret: number;
}

export async function saveChart(
  t: TestApp,
  caller: TestUser,
  name: string,
  datasetId: number,
  params: Record<string, unknown>,
): Promise<number> {
  const formData = { datasource: `${datasetId}__table`, ...params };
  const res = await t.call(caller, {
    method: 'POST',
    url: '/api/v1/chart/',
    payload: {
      slice_name: name,
      viz_type: params.viz_type,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(formData),
    },
  });
  if (res.statusCode !== 201) throw new Error(`saving ${name} failed: ${res.body}`);
  return (res.json() as { id: number }).id;
}

/**
 * The shop database with its datasets and three charts; Gamma may write reports and read
 * `sales` (not `regions`).
 */
export async function makeShop(t: TestApp): Promise<Shop> {
  const { shop, sales, regions } = await addShopDatasets(t);
  const pie = await saveChart(t, 'admin', 'Sales by region', sales, {
    viz_type: 'pie',
    groupby: ['region'],
    metric: SUM_AMOUNT,
    row_limit: 100,
    show_legend: false,
  });
  const table = await saveChart(t, 'admin', 'Sales rows', sales, {
    viz_type: 'table',
    query_mode: 'raw',
    all_columns: ['id', 'region', 'amount'],
    order_by_cols: [JSON.stringify(['id', true])],
    row_limit: 100,
  });
  const secret = await saveChart(t, 'admin', 'Regions', regions, {
    viz_type: 'table',
    query_mode: 'raw',
    all_columns: ['code', 'name'],
    row_limit: 100,
  });
  await grantToRole(
    t,
    'Gamma',
    ['can_read', 'ReportSchedule'],
    ['can_write', 'ReportSchedule'],
    ['datasource_access', datasourceView('shop', 'sales', sales)],
  );
  return { database: shop.id, sales, regions, pie, table, secret };
}

export interface MailedShop {
  t: TestApp;
  shop: Shop;
  mailbox: Mailbox;
}

/** A test app that mails through a local mailbox, with the shop (`makeShop`) on it. */
export async function mailedShop(options: TestAppOptions = {}): Promise<MailedShop> {
  const mailbox = await startMailbox();
  try {
    const t = await createTestApp({
      ...options,
      config: { ...options.config, smtp: smtpTo(mailbox) },
    });
    return { t, mailbox, shop: await makeShop(t) };
  } catch (error) {
    await mailbox.close();
    throw error;
  }
}

export function reportBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'Report',
    name: 'Weekly sales',
    crontab: '0 9 * * 1',
    timezone: 'UTC',
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    ...extra,
  };
}

export async function createReport(
  t: TestApp,
  caller: TestUser,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await t.call(caller, { method: 'POST', url: `${BASE}/`, payload: body });
  if (res.statusCode !== 201) throw new Error(`creating a report failed: ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A second report runtime on the test app's store, with a clock and options of the test's. */
export function runtimeFor(t: TestApp, options: ReportsOptions = {}): ReportsRuntime {
  const ctx = createContext({
    config: t.config,
    store: t.store,
    logger: t.app.log,
  });
  return new ReportsRuntime(ctx, options);
}

/** A fake clock: `now()` answers what the test set. */
export function fakeClock(start: string) {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    set: (iso: string) => {
      at = new Date(iso);
    },
    advance: (ms: number) => {
      at = new Date(at.getTime() + ms);
    },
  };
}

export interface Mailbox {
  port: number;
  mails: ParsedMail[];
  /** Resolves once `n` mails have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** The test app's mail settings: plain SMTP to the mailbox, no login. */
function smtpTo(mailbox: Mailbox): Config['smtp'] {
  return {
    host: '127.0.0.1',
    port: mailbox.port,
    user: null,
    password: null,
    mailFrom: 'reports@tessera.test',
    starttls: false,
    ssl: false,
  };
}

/** A real SMTP server on a free port: every mail is parsed with mailparser. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    async waitFor(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Receiver {
  url: string;
  bodies: Array<Record<string, unknown>>;
  /** The status the receiver answers with (200 unless the test says otherwise). */
  status: number;
  close(): Promise<void>;
}

/** A local HTTP server that records each webhook POST. */
export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    bodies: [],
    status: 200,
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        receiver.bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        receiver.bodies.push({});
      }
      response.statusCode = receiver.status;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
