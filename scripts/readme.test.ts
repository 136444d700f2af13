import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../packages/server/src/platform/config.ts';
import { configTableRows } from './config-table.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const TEST_ONLY = [
  'TESSERA_TEST_POSTGRES_URL',
  'TESSERA_TEST_MYSQL_URL',
  'TESSERA_TEST_REDIS_URL',
  'TESSERA_CHROMIUM',
];

function tableRow(name: string): string | undefined {
  return readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
}

describe('README', () => {
  it('shows the two quick-start commands', () => {
    expect(readme).toContain('```sh\nnpm ci && npm start\nnpm test\n```');
  });

  it('has the configuration rows of every TESSERA_* setting, as CONFIG_VARIABLES has them', () => {
    // On failure: `node --import tsx scripts/config-table.ts` prints the rows to paste.
    expect(readme).toContain(configTableRows().join('\n'));
  });

  it('lists the test-only variables', () => {
    for (const name of TEST_ONLY) expect(tableRow(name), name).toBeDefined();
  });

  it('documents no variable the code does not read', () => {
    const known = new Set([...CONFIG_VARIABLES.map((variable) => variable.name), ...TEST_ONLY]);
    // `TESSERA_TEST_*` stands for a family, not a variable.
    const mentioned = new Set(readme.match(/TESSERA_[A-Z_]+\*?/g)?.filter((n) => !n.endsWith('*')));
    expect([...mentioned].filter((name) => !known.has(name))).toEqual([]);
  });

  it('points to ARCHITECTURE.md', () => {
    expect(readme).toContain('(ARCHITECTURE.md)');
  });
});
