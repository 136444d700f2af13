import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { duckdbEngine } from './duckdb/index.ts';
import { filePathFromUri, MEMORY_PATH, OWN_FILE_MESSAGE } from './fileEngine.ts';
import { sqliteEngine } from './sqlite/index.ts';

const invalid = () => new TesseraError(400, 'Invalid test URI');

describe('file engine URIs', () => {
  it('reads absolute, relative and in-memory paths the SQLAlchemy way', () => {
    expect(filePathFromUri('sqlite:////data/app.db', '/home', 'sqlite', invalid).path).toBe(
      '/data/app.db',
    );
    expect(filePathFromUri('sqlite:///app.db', '/home', 'sqlite', invalid).path).toBe(
      '/home/app.db',
    );
    expect(filePathFromUri('duckdb://', '/home', 'duckdb', invalid).path).toBe(MEMORY_PATH);
    expect(filePathFromUri('duckdb:///:memory:?threads=2', '/home', 'duckdb', invalid)).toEqual({
      path: MEMORY_PATH,
      query: 'threads=2',
    });
  });

  it('answers the engine 400 for a malformed percent-escape or a foreign scheme', () => {
    expect(() => filePathFromUri('sqlite:///%ZZ.db', '/home', 'sqlite', invalid)).toThrow(
      'Invalid test URI',
    );
    expect(() => filePathFromUri('duckdb:///x.db', '/home', 'sqlite', invalid)).toThrow(
      'Invalid test URI',
    );
  });

  it('refuses to open a file URI with a malformed percent-escape with a 400, not a driver crash', async () => {
    for (const [spec, uri] of [
      [sqliteEngine, 'sqlite:///%ZZ.db'],
      [duckdbEngine, 'duckdb:///%ZZ.duckdb'],
    ] as const) {
      const error = await spec.connect(uri, { home: '/tmp' }).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(TesseraError);
      expect((error as TesseraError).status).toBe(400);
      expect((error as TesseraError).message).toMatch(/^Invalid (SQLite|DuckDB) URI/);
    }
  });
});

describe('Tessera’s own files', () => {
  it('refuses the metadata store, the secret key, results and cache under TESSERA_HOME', () => {
    for (const uri of [
      'sqlite:///tessera.db',
      'sqlite:////srv/tessera/tessera.db',
      'duckdb:///secret_key',
      'duckdb:///results/abc.arrow',
      'sqlite:///cache/x.db',
      'sqlite:///sub/../tessera.db',
    ]) {
      expect(
        () => filePathFromUri(uri, '/srv/tessera', uri.split(':')[0] ?? '', invalid),
        uri,
      ).toThrow(OWN_FILE_MESSAGE);
    }
  });

  it('allows other files, in TESSERA_HOME too', () => {
    expect(
      filePathFromUri('duckdb:///examples.duckdb', '/srv/tessera', 'duckdb', invalid).path,
    ).toBe('/srv/tessera/examples.duckdb');
    expect(
      filePathFromUri('sqlite:////data/tessera.db', '/srv/tessera', 'sqlite', invalid).path,
    ).toBe('/data/tessera.db');
  });
});
