import { describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { queryDialectFor } from './dialect.ts';
import { QUERY_CASES, salesDataset } from './testFixtures.ts';

// Golden SQL: one reviewed file per dialect under golden/, every case of the shared table.
const DIALECTS = ['duckdb', 'sqlite', 'postgresql', 'mysql'];
const NOW = new Date('2024-03-10T03:30:00Z');

describe.each(DIALECTS)('golden SQL for %s', (engine) => {
  it('matches the reviewed SQL for every query object of the table', async () => {
    const dialect = queryDialectFor(engine);
    const parts = QUERY_CASES.map(([name, query]) => {
      const compiled = compileQuery({
        dataset: salesDataset(),
        query,
        dialect,
        sqlMaxRow: 100_000,
        defaultRowLimit: 10_000,
        now: NOW,
      });
      return `-- ${name}\n${compiled.sql};\n`;
    });
    const extra = [
      [
        'virtual dataset with a template, RLS and a capped row limit',
        compileQuery({
          dataset: salesDataset({
            sql: "SELECT * FROM sales WHERE product <> '{{ url_param('skip', 'none') }}' -- trailing comment",
          }),
          query: {
            columns: ['country'],
            metrics: ['count'],
            row_limit: 1_000_000,
            url_params: { skip: 'plum' },
          },
          dialect,
          rlsClauses: ["country IN ('FR', 'DE')", '(num > 1) OR (num IS NULL)'],
          sqlMaxRow: 5,
          defaultRowLimit: 10_000,
          now: NOW,
        }).sql,
      ],
    ].map(([name, sql]) => `-- ${name}\n${sql};\n`);
    await expect([...parts, ...extra].join('\n')).toMatchFileSnapshot(`./golden/${engine}.sql`);
  });
});
