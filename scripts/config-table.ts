// Prints the README's configuration rows from CONFIG_VARIABLES:
// `node --import tsx scripts/config-table.ts`, then paste them over the table's rows.
import { CONFIG_VARIABLES } from '../packages/server/src/platform/config.ts';

export function configTableRows(): string[] {
  return CONFIG_VARIABLES.map(
    (variable) => `| \`${variable.name}\` | ${variable.default} | ${variable.meaning} |`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(configTableRows().join('\n'));
}
