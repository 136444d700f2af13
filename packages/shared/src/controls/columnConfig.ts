/**
 * `column_config`: per-column display settings of a table, keyed by column or metric label, with
 * Superset's ColumnConfigControl keys so saved Superset charts read the same.
 */

export interface ColumnCurrency {
  symbol: string;
  symbolPosition: 'prefix' | 'suffix';
}

export interface ColumnConfig {
  /** Minimum column width in pixels. */
  columnWidth?: number;
  horizontalAlign?: 'left' | 'center' | 'right';
  d3NumberFormat?: string;
  d3TimeFormat?: string;
  showCellBars?: boolean;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  currencyFormat?: ColumnCurrency;
}

export type ColumnConfigs = Record<string, ColumnConfig>;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && !Number.isFinite(value))
  );
}

/** A column's settings without cleared fields; null when nothing is left. */
export function cleanColumnConfig(config: ColumnConfig): ColumnConfig | null {
  const kept = Object.entries(config).filter(([, value]) => !isEmpty(value));
  return kept.length ? (Object.fromEntries(kept) as ColumnConfig) : null;
}

/** Saved values are objects; a hand-edited JSON string is read too, anything else is empty. */
export function readColumnConfigs(value: unknown): ColumnConfigs {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as ColumnConfigs)
    : {};
}

/**
 * The control's new value after one column's settings change. As in Superset, settings of
 * columns the query no longer returns are dropped; so are columns left with no settings.
 */
export function withColumnConfig(
  value: unknown,
  column: string,
  config: ColumnConfig,
  queryColumns: readonly string[],
): ColumnConfigs {
  const known = new Set(queryColumns);
  const next: ColumnConfigs = {};
  for (const [key, own] of Object.entries({ ...readColumnConfigs(value), [column]: config })) {
    const cleaned =
      known.has(key) && own && typeof own === 'object' ? cleanColumnConfig(own) : null;
    if (cleaned) next[key] = cleaned;
  }
  return next;
}
