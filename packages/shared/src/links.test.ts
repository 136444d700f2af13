import { describe, expect, it } from 'vitest';
import { isAbsoluteUrl } from './links.ts';

describe('absolute links', () => {
  it('counts a scheme, a // prefix or a host as absolute', () => {
    expect(isAbsoluteUrl('https://example.com')).toBe(true);
    expect(isAbsoluteUrl('mailto:a@b.c')).toBe(true);
    expect(isAbsoluteUrl('//cdn.example.com/x.js')).toBe(true);
    expect(isAbsoluteUrl('example.com/path')).toBe(true);
  });

  it('treats paths as relative', () => {
    expect(isAbsoluteUrl('/dashboard/1/')).toBe(false);
    expect(isAbsoluteUrl('dashboard/1')).toBe(false);
    expect(isAbsoluteUrl('./file.html')).toBe(false);
  });
});
