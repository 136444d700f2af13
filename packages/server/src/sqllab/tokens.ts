/**
 * A small SQL tokenizer: enough to split a script into statements, find a statement's first
 * keyword, its top-level LIMIT and the tables after FROM/JOIN, whatever the dialect. Strings,
 * quoted identifiers, comments and PostgreSQL dollar quotes are skipped as units, so a `;` or a
 * keyword inside them never counts.
 */

export type TokenKind = 'word' | 'ident' | 'string' | 'number' | 'punct';

export interface Token {
  kind: TokenKind;
  /** Words upper-cased; quoted identifiers unquoted; other kinds as written. */
  value: string;
  start: number;
  end: number;
  /** Parenthesis depth at the token. */
  depth: number;
}

export interface TokenizeOptions {
  /** MySQL/MariaDB: backslash escapes in strings, `#` comments, backquoted identifiers. */
  mysql?: boolean;
  /**
   * `$tag$...$tag$` strings (PostgreSQL, DuckDB). Defaults to on unless `mysql`; SQLite must turn
   * it off, since there `$a$` is a parameter and what follows it is SQL the engine runs.
   */
  dollarQuotes?: boolean;
  /** `[name]` identifiers (SQLite): a quote inside brackets does not open a string. */
  brackets?: boolean;
  /** `E'...'` strings take backslash escapes (PostgreSQL, DuckDB). */
  eStrings?: boolean;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /\$[A-Za-z_0-9]*\$/y;

/** Tokens of `sql`; unterminated strings or comments run to the end (the engine will complain). */
export function tokenize(sql: string, options: TokenizeOptions = {}): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  const n = sql.length;
  const dollarQuotes = options.dollarQuotes ?? !options.mysql;
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i += 1;
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '#' && options.mysql) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'") {
      const end = skipQuoted(sql, i, "'", Boolean(options.mysql));
      tokens.push({ kind: 'string', value: sql.slice(i, end), start: i, end, depth });
      i = end;
    } else if (c === '"' || c === '`') {
      const end = skipQuoted(sql, i, c, false);
      const inner = sql.slice(i + 1, Math.max(i + 1, end - 1)).replaceAll(c + c, c);
      tokens.push({
        kind: c === '"' && options.mysql ? 'string' : 'ident',
        value: inner,
        start: i,
        end,
        depth,
      });
      i = end;
    } else if (c === '[' && options.brackets) {
      const close = sql.indexOf(']', i + 1);
      const end = close === -1 ? n : close + 1;
      tokens.push({ kind: 'ident', value: sql.slice(i + 1, end - 1), start: i, end, depth });
      i = end;
    } else if (
      (c === 'E' || c === 'e') &&
      next === "'" &&
      options.eStrings &&
      !WORD_PART.test(sql[i - 1] ?? ' ')
    ) {
      const end = skipQuoted(sql, i + 1, "'", true);
      tokens.push({ kind: 'string', value: sql.slice(i, end), start: i, end, depth });
      i = end;
    } else if (c === '$' && dollarQuotes && /[A-Za-z_$]/.test(next ?? '')) {
      // Sticky, so a long script full of `$` is not copied once per `$`.
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(sql);
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        const end = close === -1 ? n : close + tag[0].length;
        tokens.push({ kind: 'string', value: sql.slice(i, end), start: i, end, depth });
        i = end;
      } else {
        tokens.push({ kind: 'punct', value: c, start: i, end: i + 1, depth });
        i += 1;
      }
    } else if (c === '$' && next === '$' && dollarQuotes) {
      const close = sql.indexOf('$$', i + 2);
      const end = close === -1 ? n : close + 2;
      tokens.push({ kind: 'string', value: sql.slice(i, end), start: i, end, depth });
      i = end;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      let end = i + 1;
      while (end < n && /[0-9.eE]/.test(sql[end])) end += 1;
      tokens.push({ kind: 'number', value: sql.slice(i, end), start: i, end, depth });
      i = end;
    } else if (WORD_START.test(c)) {
      let end = i + 1;
      while (end < n && WORD_PART.test(sql[end])) end += 1;
      tokens.push({ kind: 'word', value: sql.slice(i, end).toUpperCase(), start: i, end, depth });
      i = end;
    } else {
      if (c === ')') depth = Math.max(0, depth - 1);
      tokens.push({ kind: 'punct', value: c, start: i, end: i + 1, depth });
      if (c === '(') depth += 1;
      i += 1;
    }
  }
  return tokens;
}

function skipQuoted(sql: string, start: number, quote: string, backslash: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslash && c === '\\') {
      i += 2;
    } else if (c === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return sql.length;
}

/** The statements of a script, trimmed, without their `;`, comment-only pieces dropped. */
export function splitStatements(sql: string, options: TokenizeOptions = {}): string[] {
  const tokens = tokenize(sql, options);
  const statements: string[] = [];
  let from = 0;
  let hasContent = false;
  for (const token of tokens) {
    if (token.kind === 'punct' && token.value === ';' && token.depth === 0) {
      if (hasContent) statements.push(sql.slice(from, token.start).trim());
      from = token.end;
      hasContent = false;
    } else {
      hasContent = true;
    }
  }
  if (hasContent) statements.push(sql.slice(from).trim());
  return statements;
}
