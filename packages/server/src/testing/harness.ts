import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import {
  type MetadataStore,
  migrateToLatest,
  openMetadataStore,
} from '../platform/metadata/store.ts';
import { createUser, ensureRolesAndAdmin } from '../security/bootstrap.ts';
import { createScratchPostgresDatabase, type StoreKind } from './stores.ts';

export const TEST_PASSWORD = 'password123';

/** One user per built-in role, created in every test app. */
export const TEST_USERS = {
  admin: 'Admin',
  alpha: 'Alpha',
  gamma: 'Gamma',
  sqllab: 'sql_lab',
} as const;
export type TestUser = keyof typeof TEST_USERS;
export type Caller = TestUser | 'anonymous';

export interface TestApp {
  app: FastifyInstance;
  store: MetadataStore;
  config: Config;
  home: string;
  /** Headers of a signed-in browser session (cookie + CSRF token) for a test user. */
  session(user: TestUser): Promise<Record<string, string>>;
  /** Headers carrying a bearer access token for a test user. */
  bearer(user: TestUser): Promise<Record<string, string>>;
  /** `app.inject` as a given caller (browser session with CSRF), or anonymously. */
  call(caller: Caller, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  store?: StoreKind;
  env?: Record<string, string>;
  config?: Partial<Config>;
}

/**
 * A real app on a real metadata store (a SQLite file in a temp home, or a scratch PostgreSQL
 * database) with roles seeded and one user per built-in role.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const home = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const scratch = options.store === 'postgres' ? await createScratchPostgresDatabase() : null;
  const config = loadConfig(
    { TESSERA_HOME: home, TESSERA_LOAD_EXAMPLES: 'false', ...options.env },
    {
      secretKey: 'test-secret',
      databaseUrl: scratch?.url ?? null,
      loginRateLimit: 1000,
      ...options.config,
    },
  );
  const store = openMetadataStore(config);
  await migrateToLatest(store);
  await ensureRolesAndAdmin({ store }, { username: 'admin', password: TEST_PASSWORD });
  for (const [username, role] of Object.entries(TEST_USERS)) {
    if (username === 'admin') continue;
    await createUser({ store }, { username, password: TEST_PASSWORD, roles: [role] });
  }
  const app = await buildApp({ config, store, logger: false });
  await app.ready();

  const sessions = new Map<TestUser, Record<string, string>>();
  const session = async (user: TestUser) => {
    const cached = sessions.get(user);
    if (cached) return cached;
    const login = await app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username: user, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200)
      throw new Error(`login as ${user} failed: ${login.statusCode} ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = await app.inject({
      method: 'GET',
      url: '/api/v1/security/csrf_token/',
      headers: { cookie },
    });
    const headers = { cookie, 'x-csrftoken': (csrf.json() as { result: string }).result };
    sessions.set(user, headers);
    return headers;
  };
  const bearer = async (user: TestUser) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: user, password: TEST_PASSWORD, provider: 'db', refresh: true },
    });
    if (login.statusCode !== 200) throw new Error(`token login as ${user} failed: ${login.body}`);
    return { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
  };

  return {
    app,
    store,
    config,
    home,
    session,
    bearer,
    async call(caller, injectOptions) {
      const headers = caller === 'anonymous' ? {} : await session(caller);
      return app.inject({
        ...injectOptions,
        headers: { ...headers, ...(injectOptions.headers ?? {}) },
      });
    },
    async close() {
      await app.close();
      await store.close();
      await scratch?.drop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
