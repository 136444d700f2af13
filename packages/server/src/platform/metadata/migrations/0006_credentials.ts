import type { Migration } from 'kysely/migration';
import type { AnyDb } from './columns.ts';

/**
 * Session ids are kept only as their SHA-256 (a reader of the store can no longer take over a
 * session), so the sessions stored in clear are dropped: their users sign in again. Each user
 * gets a credentials version that tokens carry: a new password moves it, which revokes every
 * access and refresh token issued before.
 */
export function credentialsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.deleteFrom('sessions' as never).execute();
      await db.schema
        .alterTable('ab_user')
        .addColumn('credentials_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('ab_user').dropColumn('credentials_version').execute();
    },
  };
}
