/**
 * Conditional formatting of table cells (table, pivot table): each saved rule names a column, a
 * comparator of the spec's list (None, >, <, ≥, ≤, =, ≠ and the four "between" variants),
 * target value(s) and a colour. Matching cells get the colour, stronger the further the value
 * sits towards the column's extreme, as Superset shades them.
 */

export interface ConditionalFormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number | string | null;
  targetValueLeft?: number | string | null;
  targetValueRight?: number | string | null;
  colorScheme?: string;
}

export type CellColorer = (column: string, value: unknown) => string | undefined;

const MIN_ALPHA = 0.05;
const MATCH_MIN_ALPHA = 0.2;

const num = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Whether `value` satisfies the rule's comparator (`None` matches every number). */
export function matchesRule(rule: ConditionalFormattingRule, value: number): boolean {
  const target = num(rule.targetValue);
  const left = num(rule.targetValueLeft);
  const right = num(rule.targetValueRight);
  switch (rule.operator) {
    case undefined:
    case null:
    case 'None':
      return true;
    case '>':
      return target !== null && value > target;
    case '<':
      return target !== null && value < target;
    case '≥':
      return target !== null && value >= target;
    case '≤':
      return target !== null && value <= target;
    case '=':
      return target !== null && value === target;
    case '≠':
      return target !== null && value !== target;
    case '< x <':
      return left !== null && right !== null && value > left && value < right;
    case '≤ x ≤':
      return left !== null && right !== null && value >= left && value <= right;
    case '≤ x <':
      return left !== null && right !== null && value >= left && value < right;
    case '< x ≤':
      return left !== null && right !== null && value > left && value <= right;
    default:
      return false;
  }
}

/** `#rrggbb` (or `#rgb`) with an alpha, as rgba(); other CSS colours pass through. */
export function withAlpha(color: string, alpha: number): string {
  const hex = color.trim().replace(/^#/, '');
  const full =
    hex.length === 3
      ? hex
          .split('')
          .map((c) => c + c)
          .join('')
      : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return color;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${Math.round(alpha * 1000) / 1000})`;
}

/**
 * A colourer for the given rows: the column's value range is read once per rule. Later rules win
 * over earlier ones for the same cell, as in Superset.
 */
export function conditionalColorer(
  rules: readonly ConditionalFormattingRule[] | null | undefined,
  valuesOf: (column: string) => readonly unknown[],
): CellColorer {
  const compiled = (rules ?? [])
    .filter((r): r is ConditionalFormattingRule & { column: string } => Boolean(r?.column))
    .map((rule) => {
      const values = valuesOf(rule.column)
        .map(num)
        .filter((v): v is number => v !== null);
      const matching = values.filter((v) => matchesRule(rule, v));
      const min = matching.length ? matching.reduce((a, b) => Math.min(a, b)) : 0;
      const max = matching.length ? matching.reduce((a, b) => Math.max(a, b)) : 0;
      const lowAlpha = !rule.operator || rule.operator === 'None' ? MIN_ALPHA : MATCH_MIN_ALPHA;
      // "Smaller than" rules shade the smallest values strongest.
      const towardsMin = rule.operator === '<' || rule.operator === '≤';
      return { rule, min, max, lowAlpha, towardsMin };
    });
  return (column, value) => {
    const v = num(value);
    if (v === null) return undefined;
    let color: string | undefined;
    for (const { rule, min, max, lowAlpha, towardsMin } of compiled) {
      if (rule.column !== column || !matchesRule(rule, v)) continue;
      const span = max - min;
      const share = span === 0 ? 1 : (towardsMin ? max - v : v - min) / span;
      color = withAlpha(rule.colorScheme || '#5AC189', lowAlpha + (1 - lowAlpha) * share);
    }
    return color;
  };
}
