import type { PostProcessingRule } from '@tessera/shared/api/chartData';
import { badRequest } from '@tessera/shared/errors';
import { aggregate, pivot } from './aggregate.ts';
import { boxplot, histogram } from './distribution.ts';
import { type Frame, levelsOf } from './frame.ts';
import { resample } from './resample.ts';
import { rolling } from './rolling.ts';
import { flatten, rank, rename, select, sort } from './shape.ts';
import { compare, contribution, cum, diff } from './window.ts';

/**
 * Superset's post-processing operations, applied in order to the query's result (README of
 * query-engine lists them). An unknown operation is a 400 before anything runs.
 */

type Operation = (frame: Frame, options: Record<string, unknown>) => Frame;

const OPERATIONS: Record<string, Operation> = {
  aggregate,
  pivot,
  rolling,
  resample,
  compare,
  cum,
  diff,
  contribution,
  sort,
  flatten,
  rename,
  select,
  boxplot,
  histogram,
  rank,
};

export const POST_PROCESSING_OPERATIONS = Object.keys(OPERATIONS);

export function checkPostProcessing(
  rules: ReadonlyArray<PostProcessingRule | null> | null | undefined,
): void {
  for (const rule of rules ?? []) {
    if (rule && !Object.hasOwn(OPERATIONS, rule.operation)) {
      throw badRequest('Invalid post processing operation');
    }
  }
}

export function applyPostProcessing(
  frame: Frame,
  rules: ReadonlyArray<PostProcessingRule | null> | null | undefined,
): Frame {
  checkPostProcessing(rules);
  let current = frame;
  for (const rule of rules ?? []) {
    if (!rule) continue;
    current = (OPERATIONS[rule.operation] as Operation)(current, rule.options ?? {});
  }
  // Levels left by a pivot without flatten become flat names, as the JSON answer needs.
  if (
    current.levels.size &&
    [...current.levels.keys()].some((n) => levelsOf(current, n).length > 1)
  ) {
    current = flatten(current, {});
  }
  return current;
}
