import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TESSERA_TEST_POSTGRES_URL ?? '';
export const TEST_MYSQL_URL = process.env.TESSERA_TEST_MYSQL_URL ?? '';
export const TEST_REDIS_URL = process.env.TESSERA_TEST_REDIS_URL ?? '';

export type StoreKind = 'sqlite' | 'postgres';

/** The metadata stores a repository/API suite runs on: SQLite always, PostgreSQL when configured. */
export function storeKinds(): StoreKind[] {
  if (!TEST_POSTGRES_URL) {
    console.warn('PostgreSQL metadata-store variant skipped: TESSERA_TEST_POSTGRES_URL is not set');
    return ['sqlite'];
  }
  return ['sqlite', 'postgres'];
}

/** Creates an empty PostgreSQL database for one test app; returns its URL and a dropper. */
export async function createScratchPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `tessera_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
