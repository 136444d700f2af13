import { buildSqlalchemyUri, type ParsedUri, parseSqlalchemyUri } from '../uri.ts';
import type { ConformanceTarget } from './conformance.ts';

/**
 * Set-up shared by the engine test files: the conformance fixture in each engine's spelling of
 * its column types, and failing connection attempts derived from a test server's URL.
 */

export interface FixtureTypes {
  /** A DECIMAL(10, 2) column. */
  amount: string;
  /** A double-precision float column. */
  ratio: string;
  /** A timestamp without time zone. */
  ts: string;
}

/**
 * Statements creating `parent`, `child` (foreign key, index, two rows) and `child_view`;
 * `prefix` qualifies every table (`sales.`, or empty for the default schema).
 */
export function conformanceFixture(prefix: string, types: FixtureTypes): string[] {
  return [
    `CREATE TABLE ${prefix}parent (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL UNIQUE)`,
    `CREATE TABLE ${prefix}child (id INTEGER PRIMARY KEY, parent_id INTEGER, amount ${types.amount}, ratio ${types.ratio},
        flag BOOLEAN, day DATE, ts ${types.ts}, label VARCHAR(20), FOREIGN KEY (parent_id) REFERENCES ${prefix}parent (id))`,
    `CREATE INDEX ix_child_day ON ${prefix}child (day)`,
    `CREATE VIEW ${prefix}child_view AS SELECT id, label FROM ${prefix}child`,
    `INSERT INTO ${prefix}parent VALUES (1, 'alpha'), (2, 'beta')`,
    `INSERT INTO ${prefix}child VALUES (1, 1, 12.50, 0.25, TRUE, '2024-03-14', '2024-03-14 15:27:43', 'x'),
        (2, 2, NULL, 1.5, FALSE, '2024-03-17', '2024-03-17 10:00:00', NULL)`,
  ];
}

/** Builds URIs from a test server's URL with some parts replaced, for attempts that must fail. */
export function uriVariants(
  url: string | undefined,
  fallback: string,
  scheme: string,
): (changes: Partial<ParsedUri>) => string {
  return (changes) => {
    const parsed = { ...parseSqlalchemyUri(url ?? fallback), ...changes };
    return buildSqlalchemyUri({ ...parsed, scheme });
  };
}

type BadConnection = ReturnType<ConformanceTarget['badConnections']>[number];

/** A host that does not resolve (with a password that must not be echoed) and a closed port. */
export function unreachableServer(
  variant: (changes: Partial<ParsedUri>) => string,
): BadConnection[] {
  return [
    {
      label: 'unknown host',
      uri: variant({ host: 'no-such-host.invalid', password: 'sup3r-secret-pw' }),
      errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      secret: 'sup3r-secret-pw',
    },
    {
      label: 'closed port',
      uri: variant({ host: '127.0.0.1', port: 1 }),
      errorType: 'CONNECTION_PORT_CLOSED_ERROR',
    },
  ];
}
