import { describe, expect, it } from 'vitest';
import { safeNext } from './session.ts';

describe('where the login page sends a user next', () => {
  it('keeps paths of this site', () => {
    expect(safeNext('/sqllab/?x=1')).toBe('/sqllab/?x=1');
    expect(safeNext(null)).toBe('/');
  });

  it('never leaves the site, whatever the browser drops from the address', () => {
    for (const next of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(safeNext(next), JSON.stringify(next)).toBe('/');
    }
  });
});
