import { type FormatLocaleObject, formatLocale } from 'd3-format';
import { ORIGINAL_VALUE, SMART_NUMBER } from '../controls/options.ts';
import { formatDuration, formatDurationColon } from './duration.ts';

export type Currency = { symbol: string; symbolPosition: 'prefix' | 'suffix' };
export type NumberFormatter = (value: number | null | undefined) => string;

// A plain hyphen for negatives (d3's default is U+2212), so copied values paste as numbers.
const locale: FormatLocaleObject = formatLocale({
  decimal: '.',
  thousands: ',',
  grouping: [3],
  currency: ['$', ''],
  minus: '-',
});

const si = locale.format('.3~s');
const twoDecimals = locale.format('.2~f');
const fourDecimals = locale.format('.4~f');

/** Adaptive: SI prefixes from a thousand up (B for billions), few decimals below. */
function smartNumber(value: number): string {
  if (value === 0) return '0';
  const size = Math.abs(value);
  if (size >= 1000) return si(value).replace('G', 'B');
  if (size >= 1) return twoDecimals(value);
  if (size >= 0.001) return fourDecimals(value);
  if (size > 0.000001) return `${si(value * 1_000_000)}µ`;
  return si(value);
}

const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];

function memory(binary: boolean): (value: number) => string {
  const base = binary ? 1024 : 1000;
  const units = binary ? BINARY_UNITS : DECIMAL_UNITS;
  return (value) => {
    let size = Math.abs(value);
    let unit = 0;
    while (size >= base && unit < units.length - 1) {
      size /= base;
      unit += 1;
    }
    return `${value < 0 ? '-' : ''}${twoDecimals(size)}${units[unit]}`;
  };
}

function plain(format: string): ((value: number) => string) | null {
  switch (format) {
    case SMART_NUMBER:
      return smartNumber;
    case ORIGINAL_VALUE:
      return (value) => String(value);
    case 'DURATION':
      return (value) => formatDuration(value);
    case 'DURATION_SUB':
      return (value) => formatDuration(value, { subMilliseconds: true });
    case 'DURATION_COL':
      return formatDurationColon;
    case 'MEMORY_DECIMAL':
      return memory(false);
    case 'MEMORY_BINARY':
      return memory(true);
    default:
      return null;
  }
}

/** Whether d3-format (or one of the named formats) understands a free-form format. */
export function isValidNumberFormat(format: string): boolean {
  if (plain(format)) return true;
  try {
    locale.format(format);
    return true;
  } catch {
    return false;
  }
}

/** ISO code (USD) to its symbol ($); anything Intl does not know is shown as given. */
function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

function build(format: string, currency: Currency | null): (value: number) => string {
  // A currency brings its own symbol: a `$` in the d3 format would double it.
  const spec = currency ? format.replace('$', '') : format;
  let base = plain(spec);
  if (!base) {
    try {
      base = locale.format(spec);
    } catch {
      // A mistyped free-form format shows the number untouched rather than failing the chart.
      base = (value) => String(value);
    }
  }
  if (!currency?.symbol) return base;
  const symbol = currencySymbol(currency.symbol);
  const format_ = base;
  return currency.symbolPosition === 'suffix'
    ? (value) => `${format_(value)} ${symbol}`
    : (value) => (value < 0 ? `-${symbol}${format_(-value)}` : `${symbol}${format_(value)}`);
}

const cache = new Map<string, NumberFormatter>();

export function getNumberFormatter(
  format?: string | null,
  currency?: Currency | null,
): NumberFormatter {
  const key = `${format ?? ''}|${currency?.symbol ?? ''}|${currency?.symbolPosition ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const formatValue = build(format || SMART_NUMBER, currency ?? null);
  const formatter: NumberFormatter = (value) => {
    if (value === null || value === undefined) return '';
    if (Number.isNaN(value)) return 'NaN';
    return formatValue(value);
  };
  cache.set(key, formatter);
  return formatter;
}

export function formatNumber(
  format: string | null | undefined,
  value: number | null | undefined,
  currency?: Currency | null,
): string {
  return getNumberFormatter(format, currency)(value);
}
