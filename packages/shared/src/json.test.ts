import { describe, expect, it } from 'vitest';
import { parseJsonObject, parseJsonObjectOrNull } from './json.ts';

describe('saved JSON text', () => {
  it('reads an object', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObjectOrNull('{"a":1}')).toEqual({ a: 1 });
  });

  it('treats empty, malformed and non-object text alike', () => {
    for (const text of [null, undefined, '', '{', '[1]', '3', 'null', '"x"']) {
      expect(parseJsonObject(text)).toEqual({});
      expect(parseJsonObjectOrNull(text)).toBeNull();
    }
  });
});
