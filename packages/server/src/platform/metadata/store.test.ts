import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, TEST_POSTGRES_URL } from '../../testing/stores.ts';
import { openMetadataStore } from './store.ts';

if (!TEST_POSTGRES_URL) {
  console.warn(
    'PostgreSQL metadata-store resilience test skipped: TESSERA_TEST_POSTGRES_URL is not set',
  );
}

describe.skipIf(!TEST_POSTGRES_URL)('the PostgreSQL metadata store', () => {
  it('survives its idle connections being terminated, and reconnects', async () => {
    const scratch = await createScratchPostgresDatabase();
    const store = openMetadataStore({ home: '/nonexistent', databaseUrl: scratch.url });
    try {
      await store.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      const name = new URL(scratch.url).pathname.slice(1);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await store.db.selectNoFrom((eb) => eb.val(2).as('two')).execute();
      expect(Number(rows[0]?.two)).toBe(2);
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});
