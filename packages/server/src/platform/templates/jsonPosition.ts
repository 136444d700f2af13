const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const MAX_DEPTH = 512;

/**
 * Where JSON text stops being valid, as an offset: Node's own messages give a position for some
 * mistakes but not for an unexpected token, and the 400 for bad template parameters must say where.
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i += 1;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    if (text[i] !== '"') fail();
    i += 1;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i += 1;
      else if (text.charCodeAt(i) < 0x20) fail();
      i += 1;
    }
    if (i >= text.length) fail();
    i += 1;
  };
  const number = () => {
    // Sticky, so the match starts at `i` without copying the rest of the text for every number.
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) fail();
    i += (match as RegExpExecArray)[0].length;
  };
  let depth = 0;
  const value = (): void => {
    ws();
    // Deeper than any real parameters: reported where it starts, before the stack runs out.
    if (depth >= MAX_DEPTH) fail();
    const c = text[i];
    if (c === '{') {
      i += 1;
      depth += 1;
      ws();
      if (text[i] === '}') {
        i += 1;
        depth -= 1;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        if (text[i] !== ':') fail();
        i += 1;
        value();
        ws();
        if (text[i] === ',') i += 1;
        else if (text[i] === '}') {
          i += 1;
          depth -= 1;
          return;
        } else fail();
      }
    } else if (c === '[') {
      i += 1;
      depth += 1;
      ws();
      if (text[i] === ']') {
        i += 1;
        depth -= 1;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i += 1;
        else if (text[i] === ']') {
          i += 1;
          depth -= 1;
          return;
        } else fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  try {
    value();
    ws();
    return i < text.length ? i : null;
  } catch (offset) {
    return typeof offset === 'number' ? offset : null;
  }
}
