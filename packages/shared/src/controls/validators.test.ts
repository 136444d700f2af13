import { describe, expect, it } from 'vitest';
import type { ControlContext } from '../viz/types.ts';
import {
  EMPTY_MESSAGE,
  INTEGER_MESSAGE,
  runValidators,
  validateInteger,
  validateMaxValue,
  validateNonEmpty,
  validateNumber,
  validatePositiveInteger,
  validateRowLimit,
} from './validators.ts';

const ctx: ControlContext = {
  formData: { datasource: '1__table', viz_type: 'table' },
  datasource: null,
};

describe('control validators', () => {
  it('integer check says "is expected to be an integer"', () => {
    expect(INTEGER_MESSAGE).toBe('is expected to be an integer');
    expect(validateInteger('1.5', ctx)).toBe('is expected to be an integer');
    expect(validateInteger('abc', ctx)).toBe('is expected to be an integer');
    expect(validateInteger(2.5, ctx)).toBe('is expected to be an integer');
    expect(validateInteger(10, ctx)).toBe(false);
    expect(validateInteger('-3', ctx)).toBe(false);
    expect(validateInteger('', ctx)).toBe(false);
    expect(validateInteger(null, ctx)).toBe(false);
  });

  it('number check accepts decimals and rejects text', () => {
    expect(validateNumber('1.5', ctx)).toBe(false);
    expect(validateNumber(-2, ctx)).toBe(false);
    expect(validateNumber('x1', ctx)).toBe('is expected to be a number');
    expect(validateNumber(Number.NaN, ctx)).toBe('is expected to be a number');
  });

  it('maximum check says "Value cannot exceed %s" with the maximum', () => {
    expect(validateMaxValue(100000)(100001, ctx)).toBe('Value cannot exceed 100000');
    expect(validateMaxValue(100000)('100000', ctx)).toBe(false);
    expect(validateMaxValue(5)(undefined, ctx)).toBe(false);
  });

  it('empty check: null, empty string and empty array "cannot be empty"', () => {
    expect(EMPTY_MESSAGE).toBe('cannot be empty');
    expect(validateNonEmpty(null, ctx)).toBe('cannot be empty');
    expect(validateNonEmpty('', ctx)).toBe('cannot be empty');
    expect(validateNonEmpty([], ctx)).toBe('cannot be empty');
    expect(validateNonEmpty(undefined, ctx)).toBe('cannot be empty');
    expect(validateNonEmpty(0, ctx)).toBe(false);
    expect(validateNonEmpty(['count'], ctx)).toBe(false);
  });

  it('positive integers refuse zero and negatives', () => {
    expect(validatePositiveInteger(0, ctx)).toBe('is expected to be a positive integer');
    expect(validatePositiveInteger('-5', ctx)).toBe('is expected to be a positive integer');
    expect(validatePositiveInteger('1.2', ctx)).toBe('is expected to be an integer');
    expect(validatePositiveInteger(25, ctx)).toBe(false);
  });

  it('row limit: positive integer not above SQL_MAX_ROW (default 100000)', () => {
    expect(validateRowLimit()(100000, ctx)).toBe(false);
    expect(validateRowLimit()(100001, ctx)).toBe('Value cannot exceed 100000');
    expect(validateRowLimit(50000)(60000, ctx)).toBe('Value cannot exceed 50000');
    expect(validateRowLimit()(0, ctx)).toBe('is expected to be a positive integer');
    expect(validateRowLimit()('ten', ctx)).toBe('is expected to be an integer');
  });

  it('runValidators collects every message', () => {
    expect(runValidators([validateNonEmpty, validateInteger], '', ctx)).toEqual([
      'cannot be empty',
    ]);
    expect(runValidators(undefined, 'x', ctx)).toEqual([]);
  });
});
