/**
 * Formula annotation layers (`y = x * 2 + 100`, x being the time in epoch ms or the x value):
 * a small arithmetic parser, so a saved formula never reaches `eval` or `new Function`.
 * Grammar: numbers, `x`, + - * / % ^ (power, right-associative), unary minus, parentheses and
 * a fixed list of Math functions and constants.
 */

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'x' }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: string; left: Node; right: Node }
  | { kind: 'call'; fn: (...args: number[]) => number; args: Node[] };

const FUNCTIONS: Record<string, (...args: number[]) => number> = {
  abs: Math.abs,
  ceil: Math.ceil,
  cos: Math.cos,
  exp: Math.exp,
  floor: Math.floor,
  log: Math.log,
  log10: Math.log10,
  max: Math.max,
  min: Math.min,
  pow: Math.pow,
  round: Math.round,
  sin: Math.sin,
  sqrt: Math.sqrt,
  tan: Math.tan,
};

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

const TOKEN =
  /\s*(?:(\d+(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/%^(),]))/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`Unexpected "${text.slice(at).trim()[0]}" in formula "${text}"`);
    tokens.push(match[1] ?? match[2] ?? (match[3] === '**' ? '^' : (match[3] as string)));
    at = TOKEN.lastIndex;
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: string[],
    private readonly text: string,
  ) {}

  parse(): Node {
    const node = this.sum();
    if (this.at < this.tokens.length) this.fail(`unexpected "${this.tokens[this.at]}"`);
    return node;
  }

  private fail(why: string): never {
    throw new Error(`Invalid formula "${this.text}": ${why}`);
  }

  private peek() {
    return this.tokens[this.at];
  }

  private sum(): Node {
    let left = this.product();
    while (this.peek() === '+' || this.peek() === '-') {
      const op = this.tokens[this.at++] as string;
      left = { kind: 'bin', op, left, right: this.product() };
    }
    return left;
  }

  private product(): Node {
    let left = this.unary();
    while (this.peek() === '*' || this.peek() === '/' || this.peek() === '%') {
      const op = this.tokens[this.at++] as string;
      left = { kind: 'bin', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Node {
    if (this.peek() === '-') {
      this.at++;
      return { kind: 'neg', arg: this.unary() };
    }
    if (this.peek() === '+') {
      this.at++;
      return this.unary();
    }
    return this.power();
  }

  private power(): Node {
    const base = this.atom();
    if (this.peek() === '^') {
      this.at++;
      return { kind: 'bin', op: '^', left: base, right: this.unary() };
    }
    return base;
  }

  private atom(): Node {
    const token = this.tokens[this.at++];
    if (token === undefined) this.fail('it ends too early');
    if (token === '(') {
      const inner = this.sum();
      if (this.tokens[this.at++] !== ')') this.fail('a ")" is missing');
      return inner;
    }
    if (/^[\d.]/.test(token)) return { kind: 'num', value: Number(token) };
    const name = token.toLowerCase();
    if (name === 'x') return { kind: 'x' };
    if (Object.hasOwn(CONSTANTS, name)) return { kind: 'num', value: CONSTANTS[name] as number };
    if (Object.hasOwn(FUNCTIONS, name)) {
      if (this.tokens[this.at++] !== '(') this.fail(`"${token}" needs parentheses`);
      const args: Node[] = [];
      if (this.peek() !== ')') {
        args.push(this.sum());
        while (this.peek() === ',') {
          this.at++;
          args.push(this.sum());
        }
      }
      if (this.tokens[this.at++] !== ')') this.fail('a ")" is missing');
      return { kind: 'call', fn: FUNCTIONS[name] as (...a: number[]) => number, args };
    }
    return this.fail(
      `unknown name "${token}" (only x, numbers and ${Object.keys(FUNCTIONS).join(', ')})`,
    );
  }
}

function evaluate(node: Node, x: number): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'x':
      return x;
    case 'neg':
      return -evaluate(node.arg, x);
    case 'call':
      return node.fn(...node.args.map((arg) => evaluate(arg, x)));
    case 'bin': {
      const a = evaluate(node.left, x);
      const b = evaluate(node.right, x);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      if (node.op === '/') return a / b;
      if (node.op === '%') return a % b;
      return a ** b;
    }
  }
}

/** Compiles a formula once; the result evaluates it at any x. Throws on a malformed formula. */
export function compileFormula(text: string): (x: number) => number {
  // Superset accepts `y = ...`; the left side is decoration.
  const body = text.replace(/^\s*y\s*=/i, '');
  const tree = new Parser(tokenize(body), text).parse();
  return (x) => evaluate(tree, x);
}
