import { TesseraError } from '@tessera/shared/errors';
import { expect } from 'vitest';
import { type Cell, frameOf } from './frame.ts';

// Expected tables below are computed by hand from these four rows.
export const D = (day: number) => Date.UTC(2024, 0, day);
export const base = () =>
  frameOf(
    new Map<string, Cell[]>([
      ['ds', [D(1), D(2), D(3), D(4)]],
      ['country', ['FR', 'DE', 'FR', 'DE']],
      ['product', ['a', 'a', 'a', 'b']],
      ['sales', [1, 2, 3, 4]],
      ['cost', [2, 2, 1, 4]],
    ]),
  );

export function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraError);
    expect((error as TesseraError).status).toBe(400);
    return (error as TesseraError).message;
  }
  throw new Error('expected a 400');
}
