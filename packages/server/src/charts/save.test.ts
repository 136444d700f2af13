import { randomUUID } from 'node:crypto';
import { datasourceView } from '@tessera/shared/permissions';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, closeContext, createContext } from '../context.ts';
import { addShopDatabase, createDataset, grantToRole } from '../datasets/testFixtures.ts';
import { type Actor, guestActor, systemActor, userActor } from '../security/actor.ts';
import { SecurityService } from '../security/service.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/harness.ts';
import { storeKinds } from '../testing/stores.ts';
import { chartRepository } from './repository.ts';
import { saveChart } from './save.ts';
import { userId } from './testFixtures.ts';

/** The write path the example loader and the importer use: `saveChart` with an actor, no HTTP. */

const setting = { baseUrl: 'http://localhost', log: pino({ level: 'silent' }) };

describe.each(storeKinds())('saveChart on the %s metadata store', (store) => {
  let t: TestApp;
  let ctx: AppContext;
  let sales: number;
  let regions: number;
  const system = systemActor(setting);
  const as = async (user: TestUser): Promise<Actor> => {
    const current = await new SecurityService(ctx).loadCurrentUser(await userId(t, user), 'job');
    if (!current) throw new Error(`no user ${user}`);
    return userActor(current, setting);
  };

  beforeAll(async () => {
    t = await createTestApp({ store });
    ctx = createContext({ config: t.config, store: t.store, logger: setting.log });
    const shop = await addShopDatabase(t);
    sales = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'sales' });
    regions = await createDataset(t, { database: shop.id, schema: 'main', table_name: 'regions' });
    await grantToRole(t, 'Gamma', ['datasource_access', datasourceView('shop', 'sales', sales)]);
  });
  afterAll(async () => {
    if (ctx) await closeContext(ctx);
    await t?.close();
  });

  const input = (uuid: string, extra: Record<string, unknown> = {}) => ({
    uuid,
    slice_name: 'Sales by region',
    viz_type: 'pie',
    datasource_id: sales,
    params: { datasource: `${sales}__table`, viz_type: 'pie', groupby: ['region'] },
    query_context: { datasource: { id: sales, type: 'table' }, queries: [] },
    ...extra,
  });

  it('creates as the system with the given uuid and owners, and stamps no user', async () => {
    const admin = await userId(t, 'admin');
    const uuid = randomUUID();
    const saved = await saveChart(ctx, system, input(uuid, { owners: [admin] }));
    expect(saved).toMatchObject({ uuid, slice_name: 'Sales by region', outcome: 'created' });
    const row = await chartRepository.get(t.store.db, saved.id);
    expect(row).toMatchObject({ uuid, created_by_fk: null, changed_by_fk: null });
    expect(JSON.parse(row?.params ?? '{}')).toMatchObject({ groupby: ['region'] });
    expect(JSON.parse(row?.query_context ?? '{}')).toMatchObject({ datasource: { id: sales } });
    expect((await chartRepository.owners(t.store.db, [saved.id])).get(saved.id)).toEqual([admin]);
  });

  it('leaves an existing chart alone unless asked to overwrite it', async () => {
    const uuid = randomUUID();
    const first = await saveChart(ctx, system, input(uuid));
    const kept = await saveChart(ctx, system, input(uuid, { slice_name: 'Renamed' }));
    expect(kept).toMatchObject({ id: first.id, slice_name: 'Sales by region', outcome: 'kept' });
    // The system's chart has no owner: only an admin may change it.
    const admin = await as('admin');
    const over = await saveChart(ctx, admin, input(uuid, { slice_name: 'Renamed' }), {
      overwrite: true,
    });
    expect(over).toMatchObject({ id: first.id, slice_name: 'Renamed', outcome: 'overwritten' });
    const row = await chartRepository.get(t.store.db, first.id);
    expect(row?.changed_by_fk).toBe(admin.user?.id);
    expect(row?.created_by_fk).toBeNull();
  });

  it('makes the importing user the owner and refuses one who may not read the dataset', async () => {
    const gamma = await as('gamma');
    const saved = await saveChart(ctx, gamma, input(randomUUID()));
    const owners = (await chartRepository.owners(t.store.db, [saved.id])).get(saved.id);
    expect(owners).toEqual([gamma.user?.id]);
    expect((await chartRepository.get(t.store.db, saved.id))?.created_by_fk).toBe(gamma.user?.id);
    await expect(
      saveChart(ctx, gamma, input(randomUUID(), { datasource_id: regions })),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('refuses to overwrite a chart the user does not own', async () => {
    const uuid = randomUUID();
    await saveChart(ctx, await as('alpha'), input(uuid));
    await expect(
      saveChart(ctx, await as('gamma'), input(uuid, { slice_name: 'Mine now' }), {
        overwrite: true,
      }),
    ).rejects.toMatchObject({ status: 403 });
    const row = await chartRepository.getByUuid(t.store.db, uuid);
    expect(row?.slice_name).toBe('Sales by region');
  });

  it('refuses a guest, and unknown owners, writing nothing', async () => {
    const guest = guestActor(
      { user: { username: 'g', first_name: 'G', last_name: '' }, resources: [], rls: [] },
      { Admin: [] },
      setting,
    );
    const uuid = randomUUID();
    await expect(saveChart(ctx, guest, input(uuid))).rejects.toMatchObject({ status: 403 });
    await expect(saveChart(ctx, system, input(uuid, { owners: [999_999] }))).rejects.toMatchObject({
      status: 422,
    });
    expect(await chartRepository.getByUuid(t.store.db, uuid)).toBeUndefined();
  });

  it('writes inside the caller’s transaction', async () => {
    const uuid = randomUUID();
    await expect(
      t.store.db.transaction().execute(async (trx) => {
        await saveChart(ctx, system, input(uuid), { trx });
        expect(await chartRepository.getByUuid(trx, uuid)).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await chartRepository.getByUuid(t.store.db, uuid)).toBeUndefined();
  });
});
