import { type Token, type TokenizeOptions, tokenize } from '../sqllab/tokens.ts';

/**
 * A script cut into statements that remember where they start, so a problem the engine reports
 * inside one statement can be shown at the right line and column of the whole editor text.
 */

export interface PlacedStatement {
  /** The statement from its first token to its last, without the `;`. */
  sql: string;
  /** Offset of `sql` in the script. */
  offset: number;
  /** Tokens of the statement, offsets relative to `sql`. */
  tokens: Token[];
}

export function placeStatements(script: string, options: TokenizeOptions): PlacedStatement[] {
  const statements: PlacedStatement[] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const start = current[0].start;
    const end = current[current.length - 1].end;
    statements.push({
      sql: script.slice(start, end),
      offset: start,
      tokens: current.map((token) => ({
        ...token,
        start: token.start - start,
        end: token.end - start,
      })),
    });
    current = [];
  };
  for (const token of tokenize(script, options)) {
    if (token.kind === 'punct' && token.value === ';' && token.depth === 0) flush();
    else current.push(token);
  }
  flush();
  return statements;
}

/** 1-based line and column of an offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; ) {
    line += 1;
    lineStart = index + 1;
    index = text.indexOf('\n', lineStart);
  }
  return { line, column: offset - lineStart + 1 };
}
