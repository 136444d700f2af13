import { ADMIN_ROLE, type RolePermissions } from '@tessera/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, closeContext, createContext } from '../../context.ts';
import { listQueries } from '../../queries/service.ts';
import { createSavedQuery } from '../../saved-queries/service.ts';
import { SqlLabRuntime } from '../../sqllab/runtime.ts';
import { executeSql } from '../../sqllab/service.ts';
import { canSeeQuery } from '../../sqllab/visibility.ts';
import { createTab } from '../../sqllab-state/service.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { type Actor, guestActor, systemActor } from '../actor.ts';

/**
 * SQL Lab's services called without HTTP: a guest (an embedded dashboard's viewer) may never
 * run SQL or write SQL Lab state, even when its role would allow it; the system sees every run.
 */

let t: TestApp;
let ctx: AppContext;
let runtime: SqlLabRuntime;
let guest: Actor;

const setting = () => ({ baseUrl: 'http://tessera.test', log: t.app.log });

beforeAll(async () => {
  t = await createTestApp();
  ctx = createContext({ config: t.config, store: t.store, logger: t.app.log });
  runtime = new SqlLabRuntime(ctx);
  // A role that holds everything: the guest rule must refuse writes all the same.
  const roles = { [ADMIN_ROLE]: [] } as unknown as RolePermissions;
  guest = guestActor(
    { user: { username: 'viewer', first_name: 'V', last_name: 'G' }, resources: [], rls: [] },
    roles,
    setting(),
  );
});

afterAll(async () => {
  await runtime?.close();
  if (ctx) await closeContext(ctx);
  await t?.close();
});

describe('a guest actor in SQL Lab', () => {
  it('may not run SQL', async () => {
    await expect(
      executeSql(ctx, runtime, guest, { database_id: 1, sql: 'SELECT 1' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('may not save a query or open a tab', async () => {
    await expect(
      createSavedQuery(ctx, guest, { label: 'x', db_id: 1, sql: 'SELECT 1' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      createTab(ctx, guest, { queryEditor: { name: 'x', sql: 'SELECT 1' } }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("sees no one's query history", async () => {
    // Reading is a guest's right, but history belongs to a signed-in user: there is none.
    await expect(listQueries(ctx, guest, {})).rejects.toMatchObject({ status: 401 });
    expect(canSeeQuery(guest, { user_id: null })).toBe(false);
  });
});

describe('the system actor', () => {
  it('sees every run, as an admin does', () => {
    expect(canSeeQuery(systemActor(setting()), { user_id: 42 })).toBe(true);
  });
});
