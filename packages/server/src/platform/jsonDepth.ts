import { Transform, type TransformCallback } from 'node:stream';

/**
 * Nesting deeper than any request Tessera understands: form_data, position_json and filters
 * nest a dozen levels at most. A body nested thousands of levels deep would otherwise overflow
 * the stack of whatever walks it after parsing (validation, freezing, copying).
 */
export const MAX_JSON_DEPTH = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Follows the nesting of JSON text chunk by chunk, one pass over the bytes, and reports when it
 * goes past `max`. Brackets inside strings do not count; UTF-8 continuation bytes never equal
 * the ASCII bytes looked at, so chunks may split characters anywhere.
 */
export class JsonDepthMeter {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number = MAX_JSON_DEPTH) {}

  /** False once the text nests deeper than allowed. */
  feed(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        this.depth += 1;
        if (this.depth > this.max) return false;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) this.depth -= 1;
    }
    return true;
  }
}

/** Whether already-parsed text nests deeper than allowed (for JSON read from form fields). */
export function nestsTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  return !new JsonDepthMeter(max).feed(Buffer.from(text, 'utf8'));
}

/** A pass-through stream that fails with `refusal()` once the JSON in it nests too deep. */
export function depthLimitedStream(refusal: () => Error, max: number = MAX_JSON_DEPTH): Transform {
  const meter = new JsonDepthMeter(max);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (meter.feed(chunk)) callback(null, chunk);
      else callback(refusal());
    },
  });
}
