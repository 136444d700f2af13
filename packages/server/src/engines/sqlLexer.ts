import type { Dialect } from './types.ts';

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
  /**
   * Every name followed by `(` (whitespace and comments between allowed), as the engine resolves
   * it: quotes removed (`"pg_read_file"`, `` `sleep` ``, `[x]`, MySQL's `"x"` under ANSI_QUOTES),
   * doubled quotes undone, lower-cased; of a qualified name only the last part. Checking the
   * skeleton instead misses quoted names, which every engine also accepts as function names.
   */
  calls: FunctionCall[];
}

export interface FunctionCall {
  name: string;
  /** Written as PostgreSQL's `U&"..."`, whose escapes can spell any name: never trusted. */
  unicodeEscaped: boolean;
}

/** Characters of an unquoted name, as PostgreSQL, DuckDB, MySQL and SQLite read them. */
const NAME_CHAR = /[\p{L}\p{N}_$]/u;
const NAME_START = /[\p{L}_]/u;
/** `U&` right before a quote, not ending a longer name. */
const UNICODE_PREFIX = /(?:^|[^\p{L}\p{N}_$])[Uu]&$/u;

const CLOSING: Record<string, string> = { '[': ']' };
/** Sticky, so finding a tag reads from `lastIndex` without copying the rest of the text. */
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z_0-9]*)?\$/y;

export function lexSql(text: string, dialect: Dialect): LexedSql {
  let clean = '';
  let skeleton = '';
  let hasComment = false;
  let hasDollarQuote = false;
  const calls: FunctionCall[] = [];
  // The name a `(` would call: the last token before it, if that token is a name.
  let callee: FunctionCall | null = null;
  let word = '';
  let i = 0;
  const n = text.length;
  const endWord = () => {
    if (word !== '') callee = NAME_START.test(word[0] as string) ? named(word, false) : null;
    word = '';
  };
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
    calls,
  });

  while (i < n) {
    const c = text[i] as string;
    const rest2 = text.slice(i, i + 2);
    if (rest2 === '--' || dialect.extraLineComments.includes(c)) {
      endWord();
      hasComment = true;
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      emit(' ', ' ');
      continue;
    }
    if (rest2 === '/*') {
      endWord();
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
      endWord();
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
      // MySQL reads "x" as a name under ANSI_QUOTES, so a double-quoted string may call too.
      callee = quote === '"' && !eString ? quotedName(text.slice(i, j + 1), false) : null;
      emit(text.slice(i, j + 1), "'?'");
      i = j + 1;
      continue;
    }
    if (dialect.identifierQuotes.includes(c)) {
      endWord();
      const unicode = UNICODE_PREFIX.test(clean.slice(-3));
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
      callee = quotedName(text.slice(i, j + 1), unicode);
      emit(text.slice(i, j + 1), '"?"');
      i = j + 1;
      continue;
    }
    if (c === '$' && dialect.dollarQuoting) {
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(text);
      if (tag) {
        endWord();
        callee = null;
        hasDollarQuote = true;
        const end = text.indexOf(tag[0], i + tag[0].length);
        if (end < 0) return unterminated();
        emit(text.slice(i, end + tag[0].length), "'?'");
        i = end + tag[0].length;
        continue;
      }
    }
    if (NAME_CHAR.test(c)) {
      word += c;
    } else {
      endWord();
      if (c === '(' && callee) calls.push(callee);
      // Whitespace separates a name from its `(` without changing what is called.
      if (!/\s/.test(c)) callee = null;
    }
    emit(c, c);
    i++;
  }
  endWord();
  return { clean, skeleton, hasComment, hasDollarQuote, unterminated: false, calls };
}

function named(name: string, unicodeEscaped: boolean): FunctionCall {
  return { name: name.toLowerCase(), unicodeEscaped };
}

/** A quoted name's text: quotes removed, a doubled closing quote read as one. */
function quotedName(quoted: string, unicodeEscaped: boolean): FunctionCall {
  const open = quoted[0] as string;
  const close = CLOSING[open] ?? open;
  const inner = quoted.slice(1, -1);
  return named(close === ']' ? inner : inner.replaceAll(close + close, close), unicodeEscaped);
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
