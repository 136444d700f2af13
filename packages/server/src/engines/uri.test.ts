import { describe, expect, it } from 'vitest';
import { scrub } from './errorKit.ts';
import {
  buildSqlalchemyUri,
  effectivePassword,
  maskUriPassword,
  PASSWORD_MASK,
  parseSqlalchemyUri,
} from './uri.ts';

describe('SQLAlchemy URIs', () => {
  it('parses every part, decoding credentials', () => {
    expect(
      parseSqlalchemyUri(
        'postgresql+psycopg2://ana:p%40ss@db.example.com:5433/sales?sslmode=require',
      ),
    ).toEqual({
      scheme: 'postgresql+psycopg2',
      dialect: 'postgresql',
      driver: 'psycopg2',
      username: 'ana',
      password: 'p@ss',
      host: 'db.example.com',
      port: 5433,
      database: 'sales',
      query: { sslmode: 'require' },
    });
  });

  it('reads an unencoded @ in a password and IPv6 hosts', () => {
    const parsed = parseSqlalchemyUri('mysql://bo:a@b@[::1]:3306/shop');
    expect(parsed).toMatchObject({
      username: 'bo',
      password: 'a@b',
      host: '::1',
      port: 3306,
      database: 'shop',
    });
  });

  it('rejects an invalid port with the Superset sentence', () => {
    expect(() => parseSqlalchemyUri('mysql://h:99999/db')).toThrow('The port number is invalid.');
  });

  it('builds what it parses', () => {
    const parts = {
      scheme: 'postgresql',
      username: 'ana',
      password: 'p@ss:/',
      host: 'h',
      port: 5432,
      database: 'd',
      query: { a: 'b' },
    };
    expect(parseSqlalchemyUri(buildSqlalchemyUri(parts))).toMatchObject(parts);
  });

  it('masks the password as XXXXXXXXXX', () => {
    expect(maskUriPassword('postgresql://ana:secret@h:5432/d?x=1')).toBe(
      `postgresql://ana:${PASSWORD_MASK}@h:5432/d?x=1`,
    );
    expect(maskUriPassword('postgresql://ana@h/d')).toBe('postgresql://ana@h/d');
    expect(maskUriPassword('sqlite:////tmp/x.db')).toBe('sqlite:////tmp/x.db');
  });

  it('prefers the password passed apart, and ignores a masked one', () => {
    const parsed = parseSqlalchemyUri(`postgresql://ana:${PASSWORD_MASK}@h/d`);
    expect(effectivePassword(parsed, 'real')).toBe('real');
    expect(effectivePassword(parsed, null)).toBeNull();
    expect(effectivePassword(parseSqlalchemyUri('postgresql://ana:inline@h/d'), undefined)).toBe(
      'inline',
    );
  });

  it('scrubs passwords and credentials out of driver messages', () => {
    expect(
      scrub('failed for postgresql://ana:secret@h/d with secret', { password: 'secret' }),
    ).toBe('failed for postgresql://h/d with XXXXXXXXXX');
  });
});
