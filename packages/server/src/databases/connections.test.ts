import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TesseraError } from '@tessera/shared/errors';
import Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteEngine } from '../engines/sqlite/index.ts';
import { loadConfig } from '../platform/config.ts';
import {
  type MetadataStore,
  migrateToLatest,
  openMetadataStore,
} from '../platform/metadata/store.ts';
import { SecretBox } from '../platform/secrets.ts';
import { ConnectionManager, sanitizeConnectionError, testConnection } from './connections.ts';
import { type DatabaseWrite, databaseRepository } from './repository.ts';
import { CREATE_DEFAULTS } from './write.ts';

let home: string;
let store: MetadataStore;
let manager: ConnectionManager;
let dataFile: string;
let databaseId: number;

const write = (uri: string): DatabaseWrite => ({
  ...CREATE_DEFAULTS,
  database_name: 'data',
  engine: 'sqlite',
  sqlalchemy_uri: uri,
  password: null,
  configuration_method: 'sqlalchemy_form',
  extra: '{}',
  encrypted_extra: null,
});
beforeAll(async () => {
  home = mkdtempSync(path.join(tmpdir(), 'tessera-connections-'));
  const config = loadConfig(
    { TESSERA_HOME: home },
    { secretKey: 'test-secret', databaseUrl: null },
  );
  store = openMetadataStore(config);
  await migrateToLatest(store);
  dataFile = path.join(home, 'data.db');
  const db = new Database(dataFile);
  db.exec('CREATE TABLE t (x INTEGER)');
  db.close();
  databaseId = await databaseRepository.insert(store.db, write(`sqlite:///${dataFile}`), null);
  manager = new ConnectionManager(
    config,
    store,
    pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  );
});

afterAll(async () => {
  await manager?.closeAll();
  await store?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('ConnectionManager', () => {
  it('opens one connection per database and reuses it', async () => {
    const first = await manager.get(databaseId);
    const second = await manager.get(databaseId);
    expect(second).toBe(first);
    expect(await first.getTables('main')).toEqual([{ value: 't', type: 'table' }]);
  });

  it('reopens after the database row changes', async () => {
    const before = await manager.get(databaseId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await databaseRepository.update(store.db, databaseId, { allow_dml: true }, null);
    const after = await manager.get(databaseId);
    expect(after).not.toBe(before);
  });

  it('reopens after invalidate', async () => {
    const before = await manager.get(databaseId);
    await manager.invalidate(databaseId);
    expect(await manager.get(databaseId)).not.toBe(before);
  });

  it('answers 404 for a database that does not exist', async () => {
    await expect(manager.get(424242)).rejects.toMatchObject({ status: 404 });
  });

  it('does not keep a failed open in its cache', async () => {
    const id = await databaseRepository.insert(
      store.db,
      { ...write(`sqlite:///${path.join(home, 'later.db')}`), database_name: 'later' },
      null,
    );
    await expect(manager.get(id)).rejects.toBeInstanceOf(TesseraError);
    new Database(path.join(home, 'later.db')).close();
    await expect(manager.get(id)).resolves.toBeDefined();
  });
});

describe('throwaway connections', () => {
  it('tests a connection and closes it', async () => {
    await expect(
      testConnection(
        { spec: sqliteEngine, uri: `sqlite:///${dataFile}`, password: null, extra: {} },
        home,
      ),
    ).resolves.toBeUndefined();
  });

  it('never lets a password through an error message', () => {
    const leaky = new TesseraError(422, 'login failed for hunter2', {
      errorType: 'CONNECTION_INVALID_PASSWORD_ERROR',
    });
    const clean = sanitizeConnectionError(leaky, 'hunter2');
    expect(clean.message).toBe('login failed for XXXXXXXXXX');
    expect(clean.errorType).toBe('CONNECTION_INVALID_PASSWORD_ERROR');
    const raw = sanitizeConnectionError(new Error('driver said hunter2'), 'hunter2');
    expect(raw.message).toBe('Connection failed, please check your connection settings');
    expect(raw.status).toBe(422);
  });

  it('stores nothing readable: secrets round-trip only with the key', () => {
    const box = new SecretBox('test-secret');
    const sealed = box.encrypt('hunter2');
    expect(sealed).not.toContain('hunter2');
    expect(box.decrypt(sealed)).toBe('hunter2');
  });
});
