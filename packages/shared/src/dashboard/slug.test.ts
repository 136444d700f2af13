import { describe, expect, it } from 'vitest';
import { slugShadowed } from './slug.ts';

describe('slugShadowed', () => {
  it('follows what a path segment is looked up by', () => {
    expect(slugShadowed('42')).toBe(true);
    expect(slugShadowed('+42')).toBe(true);
    expect(slugShadowed('sales')).toBe(false);
    expect(slugShadowed('42_')).toBe(false);
    expect(slugShadowed('0f8fad5b-d9cb-469f-a165-70867728950')).toBe(false);
  });
});
