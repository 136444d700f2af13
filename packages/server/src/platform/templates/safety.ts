import nunjucks from 'nunjucks';

/**
 * Nunjucks is no sandbox: templates compile member access to `runtime.memberLookup` and calls
 * to `runtime.callWrap`, and plain nunjucks lets `"".constructor.constructor("...")()` reach
 * `Function`. Every template in this process (SQL Lab, virtual datasets, expressions, RLS
 * clauses) is written by users who may write SQL, never JavaScript, so both hooks are replaced
 * once, here, with versions that only read data:
 * - own properties of plain objects, arrays and strings (never the prototype chain);
 * - a short list of read-only methods of strings, arrays and dicts, under their JavaScript names
 *   and the Python names Jinja users write (`upper()`, `split()`, `get()`, `items()`, ...);
 * - never a member of a function, a class instance or `Object.prototype`, and never a call of
 *   `Object`, `Function` or a method of `Object.prototype`.
 */

const REFUSED = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
]);

type Method = (self: never, ...args: never[]) => unknown;

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const pyStrip = (chars: unknown, side: 'both' | 'left' | 'right') => (s: string) => {
  const set = chars === undefined || chars === null ? null : new Set(String(chars));
  const strip = (c: string) => (set ? set.has(c) : /\s/.test(c));
  let start = 0;
  let end = s.length;
  if (side !== 'right') while (start < end && strip(s[start] as string)) start += 1;
  if (side !== 'left') while (end > start && strip(s[end - 1] as string)) end -= 1;
  return s.slice(start, end);
};

const STRING_METHODS: Record<string, Method> = {
  // JavaScript names
  split: (s: string, sep?: string, limit?: number) =>
    sep === undefined || sep === null ? s.trim().split(/\s+/) : s.split(sep, limit),
  join: (s: string, items: unknown[]) => (Array.isArray(items) ? items.map(str).join(s) : ''),
  replace: (s: string, a: string, b: string) => s.split(str(a)).join(str(b)),
  toUpperCase: (s: string) => s.toUpperCase(),
  toLowerCase: (s: string) => s.toLowerCase(),
  trim: (s: string) => s.trim(),
  indexOf: (s: string, sub: string) => s.indexOf(str(sub)),
  includes: (s: string, sub: string) => s.includes(str(sub)),
  startsWith: (s: string, sub: string) => s.startsWith(str(sub)),
  endsWith: (s: string, sub: string) => s.endsWith(str(sub)),
  slice: (s: string, a?: number, b?: number) => s.slice(a, b),
  // Python names
  upper: (s: string) => s.toUpperCase(),
  lower: (s: string) => s.toLowerCase(),
  title: (s: string) => s.replace(/\w\S*/g, (w) => w[0]?.toUpperCase() + w.slice(1).toLowerCase()),
  capitalize: (s: string) => (s[0]?.toUpperCase() ?? '') + s.slice(1).toLowerCase(),
  strip: (s: string, chars?: string) => pyStrip(chars, 'both')(s),
  lstrip: (s: string, chars?: string) => pyStrip(chars, 'left')(s),
  rstrip: (s: string, chars?: string) => pyStrip(chars, 'right')(s),
  startswith: (s: string, sub: string) => s.startsWith(str(sub)),
  endswith: (s: string, sub: string) => s.endsWith(str(sub)),
  find: (s: string, sub: string) => s.indexOf(str(sub)),
  count: (s: string, sub: string) =>
    str(sub) === '' ? s.length + 1 : s.split(str(sub)).length - 1,
  isdigit: (s: string) => /^\d+$/.test(s),
};

const ARRAY_METHODS: Record<string, Method> = {
  join: (a: unknown[], sep?: string) => a.map(str).join(sep ?? ','),
  indexOf: (a: unknown[], v: unknown) => a.indexOf(v),
  includes: (a: unknown[], v: unknown) => a.includes(v),
  slice: (a: unknown[], s?: number, e?: number) => a.slice(s, e),
  index: (a: unknown[], v: unknown) => a.indexOf(v),
  count: (a: unknown[], v: unknown) => a.filter((x) => x === v).length,
};

const DICT_METHODS: Record<string, Method> = {
  get: (d: Record<string, unknown>, key: unknown, fallback: unknown = null) =>
    Object.hasOwn(d, str(key)) ? d[str(key)] : fallback,
  keys: (d: Record<string, unknown>) => Object.keys(d),
  values: (d: Record<string, unknown>) => Object.values(d),
  items: (d: Record<string, unknown>) => Object.entries(d),
};

function refuse(name: string): never {
  throw new Error(`Access to "${name}" is not allowed in templates`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (value === Object.prototype) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const bind =
  (method: Method, self: unknown) =>
  (...args: unknown[]) =>
    (method as (...a: unknown[]) => unknown)(self, ...args);

/** The only member access templates get. Throws for anything but data. */
export function safeMemberLookup(obj: unknown, key: unknown): unknown {
  if (obj === undefined || obj === null) return undefined;
  const name = String(key);
  if (REFUSED.has(name)) refuse(name);
  if (typeof obj === 'string') {
    if (name === 'length') return obj.length;
    if (/^\d+$/.test(name)) return obj[Number(name)];
    const method = STRING_METHODS[name];
    return method ? bind(method, obj) : refuse(name);
  }
  if (Array.isArray(obj)) {
    if (name === 'length') return obj.length;
    if (/^-?\d+$/.test(name))
      return obj[Number(name) < 0 ? obj.length + Number(name) : Number(name)];
    const method = ARRAY_METHODS[name];
    return method ? bind(method, obj) : refuse(name);
  }
  if (isPlainObject(obj)) {
    // Own properties only: a missing key is undefined (Jinja's undefined), never inherited.
    if (Object.hasOwn(obj, name)) return obj[name];
    const method = DICT_METHODS[name];
    return method ? bind(method, obj) : undefined;
  }
  return refuse(name);
}

const OBJECT_PROTOTYPE_FUNCTIONS = new Set<unknown>(
  Object.getOwnPropertyNames(Object.prototype).map(
    (name) => Object.getOwnPropertyDescriptor(Object.prototype, name)?.value,
  ),
);

type Runtime = {
  memberLookup: (obj: unknown, key: unknown) => unknown;
  callWrap: (obj: unknown, name: string, context: unknown, args: unknown[]) => unknown;
  __tesseraSafe?: true;
};

/**
 * Installs the guards on nunjucks' runtime (idempotent). Called by the environment module at
 * import, before any template compiles.
 */
export function installTemplateGuards(): void {
  const runtime = (nunjucks as unknown as { runtime: Runtime }).runtime;
  if (runtime.__tesseraSafe) return;
  const callWrap = runtime.callWrap;
  runtime.memberLookup = safeMemberLookup;
  runtime.callWrap = (obj, name, context, args) => {
    // Top-level names fall through to the context object's prototype (`constructor`,
    // `valueOf`, ...): calling those, or Object/Function themselves, is refused.
    if (obj === Function || obj === Object || OBJECT_PROTOTYPE_FUNCTIONS.has(obj)) {
      throw new Error(`Unable to call \`${name}\`: it is not allowed in templates`);
    }
    return callWrap(obj, name, context, args);
  };
  runtime.__tesseraSafe = true;
}
