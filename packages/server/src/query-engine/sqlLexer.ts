import type { QueryDialect } from './dialects/types.ts';

/**
 * Reads SQL text the way the target engine does (its string quotes, backslash escapes, comments,
 * dollar quoting) so checks on user SQL see exactly the code the engine will run. Checking text
 * with a different lexer than the engine's is how fragments break out of their parentheses.
 */
export interface LexedSql {
  /** The text with comments replaced by a space; strings and identifiers kept verbatim. */
  clean: string;
  /** As `clean`, with every string literal `'?'` and every quoted identifier `"?"`. */
  skeleton: string;
  hasComment: boolean;
  hasDollarQuote: boolean;
  /** Set when a string, identifier or block comment is never closed. */
  unterminated: boolean;
}

const CLOSING: Record<string, string> = { '[': ']' };

export function lexSql(text: string, dialect: QueryDialect): LexedSql {
  let clean = '';
  let skeleton = '';
  let hasComment = false;
  let hasDollarQuote = false;
  let i = 0;
  const n = text.length;
  const emit = (raw: string, shape: string) => {
    clean += raw;
    skeleton += shape;
  };
  const unterminated = () => ({
    clean,
    skeleton,
    hasComment,
    hasDollarQuote,
    unterminated: true,
  });

  while (i < n) {
    const c = text[i] as string;
    const rest2 = text.slice(i, i + 2);
    if (rest2 === '--' || dialect.extraLineComments.includes(c)) {
      hasComment = true;
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      emit(' ', ' ');
      continue;
    }
    if (rest2 === '/*') {
      hasComment = true;
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return unterminated();
      i = end + 2;
      emit(' ', ' ');
      continue;
    }
    const eString =
      dialect.backslashEscapes === 'e-strings' &&
      (c === 'E' || c === 'e') &&
      text[i + 1] === "'" &&
      !/[\w$]/.test(text[i - 1] ?? '');
    if (dialect.stringQuotes.includes(c) || eString) {
      const quote = eString ? "'" : c;
      const backslash = dialect.backslashEscapes === 'always' || eString;
      let j = i + (eString ? 2 : 1);
      for (;;) {
        if (j >= n) return unterminated();
        const ch = text[j];
        if (backslash && ch === '\\') {
          j += 2;
        } else if (ch === quote) {
          if (text[j + 1] === quote) j += 2;
          else break;
        } else {
          j++;
        }
      }
      emit(text.slice(i, j + 1), "'?'");
      i = j + 1;
      continue;
    }
    if (dialect.identifierQuotes.includes(c)) {
      const close = CLOSING[c] ?? c;
      let j = i + 1;
      for (;;) {
        if (j >= n) return unterminated();
        if (text[j] === close) {
          if (close !== ']' && text[j + 1] === close) j += 2;
          else break;
        } else {
          j++;
        }
      }
      emit(text.slice(i, j + 1), '"?"');
      i = j + 1;
      continue;
    }
    if (c === '$' && dialect.dollarQuoting) {
      const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(text.slice(i));
      if (tag) {
        hasDollarQuote = true;
        const end = text.indexOf(tag[0], i + tag[0].length);
        if (end < 0) return unterminated();
        emit(text.slice(i, end + tag[0].length), "'?'");
        i = end + tag[0].length;
        continue;
      }
    }
    emit(c, c);
    i++;
  }
  return { clean, skeleton, hasComment, hasDollarQuote, unterminated: false };
}

/** True when every `(` of the skeleton closes, and never below zero. */
export function balancedParentheses(skeleton: string): boolean {
  let depth = 0;
  for (const c of skeleton) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
