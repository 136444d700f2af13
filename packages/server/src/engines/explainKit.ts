import type { TesseraError } from '@tessera/shared/errors';
import type { SqlProblem } from './types.ts';

/**
 * Shared pieces of each engine's validate.ts: the statement goes to the engine as
 * `EXPLAIN <statement>`, and what the engine says about where it failed is turned back into an
 * offset inside the statement.
 */

export const EXPLAIN_PREFIX = 'EXPLAIN ';

export function explainText(sql: string): string {
  return `${EXPLAIN_PREFIX}${sql.replace(/[\s;]+$/, '')}`;
}

/** Offset in the statement of an offset in the text sent (`EXPLAIN ` + statement), or null. */
export function fromSentOffset(sentOffset: number, sql: string): number | null {
  const offset = sentOffset - EXPLAIN_PREFIX.length;
  if (!Number.isFinite(offset) || offset < 0) return null;
  return Math.min(offset, sql.length);
}

/** Offset of the first character of 1-based `line` in `text` (its end when there is no such line). */
export function lineStart(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset;
}

const IDENTIFIER_PART = /[A-Za-z0-9_$]/;

/** First occurrence of `word` in `text` from `from`, case-insensitive, not inside a longer name. */
export function findWord(text: string, word: string, from = 0): number | null {
  if (!word) return null;
  const haystack = text.toLowerCase();
  const needle = word.toLowerCase();
  let at = haystack.indexOf(needle, from);
  while (at !== -1) {
    const before = at > 0 ? text[at - 1] : '';
    const after = text[at + needle.length] ?? '';
    const wordLike = IDENTIFIER_PART.test(needle[0] ?? '');
    if (!wordLike || (!IDENTIFIER_PART.test(before) && !IDENTIFIER_PART.test(after))) return at;
    at = haystack.indexOf(needle, at + 1);
  }
  return null;
}

/**
 * Where a name quoted in an engine message (`no such column: x`, `Unknown column 'x'`,
 * `Table 'db.x' doesn't exist`) sits in the statement: its last dotted part, found as a word.
 */
export function locateQuotedName(message: string, sql: string): number | null {
  const quoted =
    /["'`]([^"'`]+)["'`]/.exec(message)?.[1] ?? /:\s*([A-Za-z0-9_$.]+)\s*$/.exec(message)?.[1];
  if (!quoted) return null;
  const last = quoted.split('.').pop() ?? quoted;
  return findWord(sql, last) ?? findWord(sql, quoted);
}

/** Query errors (400) are the statement's problems; anything else (connection, cancel) is thrown. */
export function problemOrThrow(mapped: TesseraError, offset: number | null): SqlProblem {
  if (mapped.status !== 400) throw mapped;
  return { message: mapped.message, offset };
}
