import { PASSWORD_MASK } from '@tessera/shared/api/databases';
import { describe, expect, it } from 'vitest';
import {
  hasValidScheme,
  maskedUri,
  scrubSecret,
  splitUri,
  stripPassword,
  uriWithPassword,
} from './uri.ts';

describe('connection URIs', () => {
  it('splits backend, driver, user and password', () => {
    const parts = splitUri(
      'postgresql+psycopg2://alice:s3cret@db.example.com:5432/sales?sslmode=require',
    );
    expect(parts).toMatchObject({
      scheme: 'postgresql+psycopg2',
      backend: 'postgresql',
      driver: 'psycopg2',
      username: 'alice',
      password: 's3cret',
      rest: 'db.example.com:5432/sales?sslmode=require',
    });
  });

  it('decodes a percent-encoded password and keeps an unencoded @ in it', () => {
    expect(splitUri('mysql://bob:p%40ss%2Fword@host/db')?.password).toBe('p@ss/word');
    expect(splitUri('mysql://bob:p@ss@host/db')?.password).toBe('p@ss');
  });

  it('finds no credentials in file URIs, even with an @ in the path', () => {
    const parts = splitUri('sqlite:////tmp/a@b/data.db');
    expect(parts?.password).toBeNull();
    expect(parts?.rest).toBe('//tmp/a@b/data.db');
  });

  it('rejects text without a scheme', () => {
    expect(hasValidScheme('not a uri')).toBe(false);
    expect(splitUri('localhost:5432/db')).toBeNull();
    expect(hasValidScheme('duckdb:///:memory:')).toBe(true);
  });

  it('strips the password for storage and masks it for answers', () => {
    const stripped = stripPassword('postgresql://alice:s3cret@host:5432/db');
    expect(stripped).toEqual({ uri: 'postgresql://alice@host:5432/db', password: 's3cret' });
    expect(maskedUri(stripped.uri, true)).toBe(`postgresql://alice:${PASSWORD_MASK}@host:5432/db`);
    expect(maskedUri(stripped.uri, false)).toBe('postgresql://alice@host:5432/db');
  });

  it('puts the password back, encoded, only for the engine', () => {
    expect(uriWithPassword('postgresql://alice@host/db', 'a b@c')).toBe(
      'postgresql://alice:a%20b%40c@host/db',
    );
    expect(uriWithPassword('postgresql://alice@host/db', null)).toBe('postgresql://alice@host/db');
  });

  it('leaves URIs without credentials unchanged', () => {
    expect(stripPassword('duckdb:///data/examples.duckdb')).toEqual({
      uri: 'duckdb:///data/examples.duckdb',
      password: null,
    });
    expect(maskedUri('duckdb:///data/examples.duckdb', false)).toBe(
      'duckdb:///data/examples.duckdb',
    );
  });

  it('scrubs a secret out of a message, raw or encoded', () => {
    expect(scrubSecret('auth failed for s3cret and s%40x', 's3cret')).toBe(
      `auth failed for ${PASSWORD_MASK} and s%40x`,
    );
    expect(scrubSecret('bad s%40x', 's@x')).toBe(`bad ${PASSWORD_MASK}`);
    expect(scrubSecret('nothing here', null)).toBe('nothing here');
  });
});
