import { describe, expect, it } from 'vitest';
import { compileFormula } from './timeseriesFormula.ts';

describe('formula annotation evaluator', () => {
  it('evaluates arithmetic in x with precedence, power and functions', () => {
    expect(compileFormula('x*2 + 1')(3)).toBe(7);
    expect(compileFormula('y = (x - 1) / 2')(5)).toBe(2);
    expect(compileFormula('-2^2')(0)).toBe(-4);
    expect(compileFormula('2 ** 3 ** 2')(0)).toBe(512);
    expect(compileFormula('max(x, 10) + sqrt(16) + pi * 0')(3)).toBe(14);
    expect(compileFormula('10000')(123)).toBe(10000);
    expect(compileFormula('x % 7')(15)).toBe(1);
  });

  it('refuses anything that is not arithmetic (no code runs)', () => {
    expect(() => compileFormula('alert(1)')).toThrow(
      'Invalid formula "alert(1)": unknown name "alert"',
    );
    expect(() => compileFormula('constructor.constructor("x")()')).toThrow(
      /Invalid formula|Unexpected/,
    );
    expect(() => compileFormula('x +')).toThrow('it ends too early');
    expect(() => compileFormula('(x')).toThrow('a ")" is missing');
    expect(() => compileFormula('x; 1')).toThrow('Unexpected ";"');
  });
});
