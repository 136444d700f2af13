import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { engineSpecForUri, getEngineSpec, listEngineSpecs } from './registry.ts';
import { TIME_GRAINS } from './timeGrains.ts';

describe('engine registry', () => {
  it('lists every engine once with a name, a placeholder and its dialect', () => {
    const keys = listEngineSpecs().map((spec) => spec.engine);
    expect(keys).toEqual(['duckdb', 'sqlite', 'postgresql', 'mysql', 'mariadb']);
    for (const spec of listEngineSpecs()) {
      expect(spec.name.length).toBeGreaterThan(0);
      expect(spec.sqlalchemyUriPlaceholder).toMatch(/^[a-z]+:\/\//);
      expect(
        spec.dialect.timeGrains.every((grain) =>
          (TIME_GRAINS as readonly string[]).includes(grain),
        ),
      ).toBe(true);
    }
  });

  it.each([
    ['duckdb:////abs/path.duckdb', 'duckdb'],
    ['duckdb:///rel.duckdb', 'duckdb'],
    ['sqlite:////abs/path.db', 'sqlite'],
    ['sqlite:///rel.db', 'sqlite'],
    ['postgresql://u:p@h:5432/db', 'postgresql'],
    ['postgresql+psycopg2://u@h/db', 'postgresql'],
    ['postgres://u@h/db', 'postgresql'],
    ['mysql://u@h/db', 'mysql'],
    ['mysql+mysqldb://u@h/db', 'mysql'],
    ['mysql+pymysql://u@h/db', 'mysql'],
    ['mariadb://u@h/db', 'mariadb'],
    ['mariadb+mariadbconnector://u@h/db', 'mariadb'],
  ])('picks the engine of %s by its scheme', (uri, engine) => {
    expect(engineSpecForUri(uri).engine).toBe(engine);
  });

  it('answers 400 "Could not load database driver" for an unknown scheme', () => {
    let caught: unknown;
    try {
      engineSpecForUri('oracle://u:p@h/db');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TesseraError);
    expect((caught as TesseraError).status).toBe(400);
    expect((caught as TesseraError).message).toBe('Could not load database driver: oracle');
  });

  it('answers 400 for a string that is not a URI', () => {
    expect(() => engineSpecForUri('not a uri')).toThrow(TesseraError);
  });

  it('answers 400 "Unknown database engine" for an unknown engine key', () => {
    let caught: unknown;
    try {
      getEngineSpec('oracle');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TesseraError);
    expect((caught as TesseraError).status).toBe(400);
    expect((caught as TesseraError).message).toBe('Unknown database engine "oracle"');
    expect(getEngineSpec('postgresql').name).toBe('PostgreSQL');
  });
});
