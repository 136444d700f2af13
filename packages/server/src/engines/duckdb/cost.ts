import { noCostEstimate } from '../errorKit.ts';
import type { CostEstimate } from '../types.ts';
import { DUCKDB_NAME } from './errors.ts';

/** DuckDB's EXPLAIN gives cardinality guesses, not a cost: like Superset, no estimate. */
export async function duckdbEstimateCost(): Promise<CostEstimate[]> {
  throw noCostEstimate(DUCKDB_NAME);
}
