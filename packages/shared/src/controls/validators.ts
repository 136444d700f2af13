import type { ControlValidator } from '../viz/types.ts';
import { DEFAULT_SQL_MAX_ROW } from './options.ts';

export const INTEGER_MESSAGE = 'is expected to be an integer';
export const NUMBER_MESSAGE = 'is expected to be a number';
export const EMPTY_MESSAGE = 'cannot be empty';
export const POSITIVE_MESSAGE = 'is expected to be a positive integer';
/** `%s` is the maximum (spec: "Maximum check: Value cannot exceed %s"). */
export const MAX_VALUE_MESSAGE = 'Value cannot exceed %s';

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Blank values pass: emptiness is validateNonEmpty's job, as in Superset. */
export const validateInteger: ControlValidator = (value) => {
  if (isBlank(value)) return false;
  const text = String(value).trim();
  return /^[-+]?\d+$/.test(text) ? false : INTEGER_MESSAGE;
};

export const validateNumber: ControlValidator = (value) => {
  if (isBlank(value)) return false;
  if (typeof value === 'number') return Number.isFinite(value) ? false : NUMBER_MESSAGE;
  const text = String(value).trim();
  return Number.isFinite(Number(text)) ? false : NUMBER_MESSAGE;
};

export const validateNonEmpty: ControlValidator = (value) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0)
    ? EMPTY_MESSAGE
    : false;

export function validateMaxValue(max: number): ControlValidator {
  return (value) =>
    !isBlank(value) && Number(value) > max ? MAX_VALUE_MESSAGE.replace('%s', String(max)) : false;
}

export const validatePositiveInteger: ControlValidator = (value, ctx) => {
  const notInteger = validateInteger(value, ctx);
  if (notInteger) return notInteger;
  return !isBlank(value) && Number(value) <= 0 ? POSITIVE_MESSAGE : false;
};

/**
 * The row-limit rule: a positive integer not above SQL_MAX_ROW. The maximum comes from the
 * bootstrap config, which Explore passes in; without it the spec's default applies.
 */
export function validateRowLimit(maxRow: number = DEFAULT_SQL_MAX_ROW): ControlValidator {
  const withinMax = validateMaxValue(maxRow);
  return (value, ctx) => validatePositiveInteger(value, ctx) || withinMax(value, ctx);
}

/** The row-limit rule with the default maximum; Explore swaps it for the configured one. */
export const validateDefaultRowLimit: ControlValidator = validateRowLimit();

/** Runs validators in order and collects every message (Explore shows them all). */
export function runValidators(
  validators: readonly ControlValidator[] | undefined,
  value: unknown,
  ctx: Parameters<ControlValidator>[1],
): string[] {
  const errors: string[] = [];
  for (const validator of validators ?? []) {
    const error = validator(value, ctx);
    if (error) errors.push(error);
  }
  return errors;
}
