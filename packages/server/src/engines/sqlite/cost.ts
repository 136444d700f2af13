import { noCostEstimate } from '../errorKit.ts';
import type { CostEstimate } from '../types.ts';
import { SQLITE_NAME } from './errors.ts';

/** SQLite's EXPLAIN QUERY PLAN describes steps without costs: no meaningful estimate. */
export async function sqliteEstimateCost(): Promise<CostEstimate[]> {
  throw noCostEstimate(SQLITE_NAME);
}
