import { badRequest } from '../errors.ts';
import { type ParseContext, parseHumanDatetime } from './freeText.ts';
import { addUnits, lastDay, toUnit, truncate, type Unit } from './wallClock.ts';

/**
 * Superset's time expressions: `DATETIME('today')`, `DATEADD(expr, -7, day)`,
 * `DATETRUNC(expr, month)`, `LASTDAY(expr, month)`, nested freely. A small recursive-descent
 * reader over tokens; anything it does not understand is a 400 naming the text.
 */

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'punct'; text: '(' | ')' | ',' };

function tokenize(text: string, original: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c });
      i++;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw cannotParse(original);
      tokens.push({ kind: 'string', value: text.slice(i + 1, end) });
      i = end + 1;
    } else {
      const m = /^(-?\d+)(?![\w.:-])|^[A-Za-z_][A-Za-z_0-9]*/.exec(text.slice(i));
      if (!m) throw cannotParse(original);
      if (m[1] !== undefined) tokens.push({ kind: 'number', value: Number(m[1]) });
      else tokens.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

export function cannotParse(text: string) {
  return badRequest(`Cannot parse time string [${text}]`);
}

const FUNCTIONS = ['DATETIME', 'DATEADD', 'DATETRUNC', 'LASTDAY'] as const;

export function isTimeExpression(text: string): boolean {
  return new RegExp(`^\\s*(${FUNCTIONS.join('|')})\\s*\\(`, 'i').test(text);
}

/** Evaluates one expression to a wall time. */
export function evaluateExpression(text: string, ctx: ParseContext): Date {
  const tokens = tokenize(text, text);
  let pos = 0;
  const fail = () => cannotParse(text);
  const next = () => {
    const token = tokens[pos++];
    if (!token) throw fail();
    return token;
  };
  const expect = (p: '(' | ')' | ',') => {
    const token = next();
    if (token.kind !== 'punct' || token.text !== p) throw fail();
  };
  const unit = (): Unit => {
    const token = next();
    const word = token.kind === 'word' ? token.text : token.kind === 'string' ? token.value : '';
    const value = toUnit(word);
    if (!value) throw fail();
    return value;
  };
  const datetime = (): Date => {
    const token = next();
    if (token.kind === 'string') {
      const value = parseHumanDatetime(token.value, ctx);
      if (!value) throw cannotParse(token.value);
      return value;
    }
    if (token.kind !== 'word') throw fail();
    const name = token.text.toUpperCase();
    expect('(');
    let result: Date;
    if (name === 'DATETIME') {
      const arg = next();
      if (arg.kind !== 'string') throw fail();
      const value = parseHumanDatetime(arg.value, ctx);
      if (!value) throw cannotParse(arg.value);
      result = value;
    } else if (name === 'DATEADD') {
      const base = datetime();
      expect(',');
      const amount = next();
      if (amount.kind !== 'number') throw fail();
      expect(',');
      result = addUnits(base, amount.value, unit());
    } else if (name === 'DATETRUNC') {
      const base = datetime();
      expect(',');
      result = truncate(base, unit());
    } else if (name === 'LASTDAY') {
      const base = datetime();
      expect(',');
      const value = lastDay(base, unit());
      if (!value) throw fail();
      result = value;
    } else {
      throw fail();
    }
    expect(')');
    return result;
  };
  const value = datetime();
  if (pos !== tokens.length) throw fail();
  return value;
}
