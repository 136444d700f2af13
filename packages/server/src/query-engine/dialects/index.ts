// The old path, kept while charts-data imports it; dialects belong to the engines now.
export { queryDialectFor } from '../dialect.ts';
