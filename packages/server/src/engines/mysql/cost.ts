import { noCostEstimate } from '../errorKit.ts';
import type { CostEstimate } from '../types.ts';

/** MySQL's EXPLAIN gives row guesses but no comparable cost; like Superset, no estimate. */
export async function mysqlEstimateCost(engineName: string): Promise<CostEstimate[]> {
  throw noCostEstimate(engineName);
}
