import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetadataStore, migrateToLatest, openMetadataStore } from './store.ts';

/** The store's change counter: what moves it and what must not. */
describe('metadata changes', () => {
  let home: string;
  let store: MetadataStore;
  const generation = () => store.changes?.generation() ?? -1;

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'tessera-changes-'));
    store = openMetadataStore({ home, databaseUrl: null });
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('does not move on reads', async () => {
    const before = generation();
    await store.db.selectFrom('ab_role').selectAll().execute();
    await sql`select 1`.execute(store.db);
    expect(generation()).toBe(before);
  });

  it('moves on writes, raw statements included', async () => {
    let before = generation();
    await store.db.insertInto('ab_role').values({ name: 'Counted' }).execute();
    expect(generation()).toBeGreaterThan(before);
    before = generation();
    await store.db
      .updateTable('ab_role')
      .set({ name: 'Counted 2' })
      .where('name', '=', 'Counted')
      .execute();
    expect(generation()).toBeGreaterThan(before);
    before = generation();
    await sql`delete from ab_role where name = 'Counted 2'`.execute(store.db);
    expect(generation()).toBeGreaterThan(before);
  });

  it('moves again when a transaction that wrote commits', async () => {
    let during = -1;
    await store.db.transaction().execute(async (trx) => {
      await trx.insertInto('ab_role').values({ name: 'In a transaction' }).execute();
      during = generation();
    });
    expect(generation()).toBeGreaterThan(during);
  });

  it('ignores tables no memo reads (sessions are written on every request)', async () => {
    const before = generation();
    await store.db.deleteFrom('sessions').where('id', '=', 'none').execute();
    expect(generation()).toBe(before);
  });
});
