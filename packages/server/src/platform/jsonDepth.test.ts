import { describe, expect, it } from 'vitest';
import { JsonDepthMeter, nestsTooDeep } from './jsonDepth.ts';

describe('JSON nesting bound', () => {
  it('counts brackets outside strings only, escaped quotes included', () => {
    expect(nestsTooDeep('[[[1]]]', 3)).toBe(false);
    expect(nestsTooDeep('[[[[1]]]]', 3)).toBe(true);
    expect(nestsTooDeep('{"a":"[[[[[[\\"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsTooDeep('[{"a":[1]},{"b":[2]}]', 3)).toBe(false);
  });

  it('follows the text across chunks split anywhere, even inside a character', () => {
    const text = Buffer.from(`{"é\\"[[":${'['.repeat(5)}${']'.repeat(5)}}`, 'utf8');
    for (let cut = 0; cut <= text.length; cut += 1) {
      const meter = new JsonDepthMeter(6);
      expect(meter.feed(text.subarray(0, cut)) && meter.feed(text.subarray(cut))).toBe(true);
      const tight = new JsonDepthMeter(5);
      expect(tight.feed(text.subarray(0, cut)) && tight.feed(text.subarray(cut))).toBe(false);
    }
  });
});
