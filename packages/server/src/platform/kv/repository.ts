import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../metadata/store.ts';
import type { MetadataTables } from '../metadata/tables.ts';
import { keyToUuid, uuidToKey } from './keys.ts';

type Db = Kysely<MetadataTables>;

/** The only SQL against `key_value`: JSON documents per resource, addressed by opaque keys. */
export const keyValueRepository = {
  async create(
    db: Db,
    resource: string,
    value: unknown,
    options: { userId: number | null; expiresOn?: string | null },
  ): Promise<string> {
    const uuid = randomUUID();
    await db
      .insertInto('key_value')
      .values({
        resource,
        value: JSON.stringify(value),
        uuid,
        created_on: nowIso(),
        created_by_fk: options.userId,
        expires_on: options.expiresOn ?? null,
      })
      .execute();
    return uuidToKey(uuid);
  },

  /** The value under a key of this resource; null when unknown or expired. */
  async get(db: Db, resource: string, key: string): Promise<unknown | null> {
    const uuid = keyToUuid(key);
    if (!uuid) return null;
    const row = await db
      .selectFrom('key_value')
      .select(['value', 'expires_on'])
      .where('resource', '=', resource)
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_on && row.expires_on <= nowIso()) return null;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return null;
    }
  },
};

/** Replacing and removing entries (explore's form-data cache changes its entries in place). */
export const keyValueWrites = {
  /** Replaces the value under a key; false when the key is unknown or expired. */
  async update(
    db: Db,
    resource: string,
    key: string,
    value: unknown,
    expiresOn?: string | null,
  ): Promise<boolean> {
    const uuid = keyToUuid(key);
    if (!uuid || (await keyValueRepository.get(db, resource, key)) === null) return false;
    await db
      .updateTable('key_value')
      .set({
        value: JSON.stringify(value),
        ...(expiresOn !== undefined ? { expires_on: expiresOn } : {}),
      })
      .where('resource', '=', resource)
      .where('uuid', '=', uuid)
      .execute();
    return true;
  },

  async delete(db: Db, resource: string, key: string): Promise<void> {
    const uuid = keyToUuid(key);
    if (!uuid) return;
    await db
      .deleteFrom('key_value')
      .where('resource', '=', resource)
      .where('uuid', '=', uuid)
      .execute();
  },
};
