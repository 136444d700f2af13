import { describe, expect, it } from 'vitest';
import { columnCompletionSource, completionNamespace, tablesInQuery } from './completion.ts';

/** A completion context at the end of `doc`, as CodeMirror hands it to a source. */
function contextAt(doc: string, explicit = false) {
  return {
    explicit,
    state: { doc: { toString: () => doc } },
    matchBefore(pattern: RegExp) {
      const anchored = new RegExp(`(?:${pattern.source})$`, pattern.flags);
      const match = anchored.exec(doc);
      return match ? { from: match.index, to: doc.length, text: match[0] } : null;
    },
  };
}

const FLIGHTS = {
  schema: 'main',
  name: 'flights',
  columns: ['date', 'delay', 'distance', 'destination'],
};
const CARS = { schema: 'main', name: 'cars', columns: ['name', 'origin', 'displacement'] };

describe('the tables a query reads', () => {
  it('finds FROM and JOIN tables, schemas, quotes and aliases', () => {
    expect(
      tablesInQuery(
        'SELECT * FROM main.flights f JOIN "cars" AS c ON f.x = c.y LEFT JOIN airports WHERE 1',
      ),
    ).toEqual([
      { schema: 'main', table: 'flights', alias: 'f' },
      { schema: null, table: 'cars', alias: 'c' },
      { schema: null, table: 'airports', alias: null },
    ]);
    expect(tablesInQuery('select * from flights where de')).toEqual([
      { schema: null, table: 'flights', alias: null },
    ]);
  });
});

describe('column completion', () => {
  it('offers the columns of the tables in the query first, then aliases, then other tables', () => {
    const source = columnCompletionSource([CARS, FLIGHTS]);
    const answer = source(contextAt('SELECT * FROM flights AS f WHERE de'));
    expect(answer?.from).toBe('SELECT * FROM flights AS f WHERE '.length);
    const labels = [...(answer?.options ?? [])]
      .sort((a, b) => b.boost - a.boost)
      .map((option) => option.label);
    expect(labels.slice(0, 5)).toEqual(['date', 'delay', 'distance', 'destination', 'f']);
    expect(labels).toContain('displacement');
    const delay = answer?.options.find((option) => option.label === 'delay');
    const displacement = answer?.options.find((option) => option.label === 'displacement');
    expect(delay && displacement && delay.boost > displacement.boost).toBe(true);
  });

  it('leaves qualified names to the schema completion', () => {
    const source = columnCompletionSource([FLIGHTS]);
    expect(source(contextAt('SELECT f.de'))).toBeNull();
  });

  it('puts the columns of the query tables into the schema namespace', () => {
    expect(
      completionNamespace({
        schemas: ['main'],
        schema: 'main',
        tableNames: ['cars'],
        tables: [FLIGHTS],
      }),
    ).toEqual({ main: { cars: [], flights: FLIGHTS.columns } });
  });
});
