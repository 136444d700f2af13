import type { ControlChoice } from '../viz/types.ts';

/** Spec section 9: row limit options; table-like controls default to 10000. */
export const ROW_LIMIT_OPTIONS = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const DEFAULT_ROW_LIMIT = 10000;
/** Explore fills a missing row_limit with this (spec: "Default explore row_limit"). */
export const DEFAULT_EXPLORE_ROW_LIMIT = 1000;
/** Ceiling of a row limit when the bootstrap config gives no SQL_MAX_ROW. */
export const DEFAULT_SQL_MAX_ROW = 100000;

export const SERIES_LIMITS = [5, 10, 25, 50, 100, 500] as const;

export const SORT_SERIES_CHOICES: readonly ControlChoice[] = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];

/** Values are what Superset sends as `time_compare`. */
export const TIME_SHIFT_CHOICES: readonly ControlChoice[] = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
].map((value) => [value, value] as const);

export const ROLLING_TYPES: readonly ControlChoice[] = [
  [null, 'None'],
  ['mean', 'mean'],
  ['sum', 'sum'],
  ['std', 'std'],
  ['cumsum', 'cumsum'],
];

export const COMPARISON_TYPES: readonly ControlChoice[] = [
  ['values', 'Actual values'],
  ['absolute', 'Difference'],
  ['percentage', 'Percentage change'],
  ['ratio', 'Ratio'],
];

export const RESAMPLE_RULES: readonly ControlChoice[] = [
  ['1T', '1 minutely frequency'],
  ['1H', '1 hourly frequency'],
  ['1D', '1 calendar day frequency'],
  ['7D', '7 calendar day frequency'],
  ['1M', '1 month end frequency'],
  ['1AS', '1 year start frequency'],
];

export const RESAMPLE_METHODS: readonly ControlChoice[] = [
  ['asfreq', 'Null imputation'],
  ['bfill', 'Backward values'],
  ['ffill', 'Forward values'],
  ['median', 'Median values'],
  ['mean', 'Mean values'],
  ['sum', 'Sum values'],
];

/** Conditional formatting comparators; the value is what the saved rule stores as `operator`. */
export const CONDITIONAL_OPERATORS: readonly ControlChoice[] = [
  ['None', 'None'],
  ['>', '>'],
  ['<', '<'],
  ['≥', '≥'],
  ['≤', '≤'],
  ['=', '='],
  ['≠', '≠'],
  ['< x <', '< x <'],
  ['≤ x ≤', '≤ x ≤'],
  ['≤ x <', '≤ x <'],
  ['< x ≤', '< x ≤'],
];

/** The ISO-8601 grains the server's query engine knows, in its order, with Superset's names. */
export const TIME_GRAINS: readonly ControlChoice[] = [
  ['PT1S', 'Second'],
  ['PT5S', '5 second'],
  ['PT30S', '30 second'],
  ['PT1M', 'Minute'],
  ['PT5M', '5 minute'],
  ['PT10M', '10 minute'],
  ['PT15M', '15 minute'],
  ['PT30M', '30 minute'],
  ['PT1H', 'Hour'],
  ['PT6H', '6 hour'],
  ['P1D', 'Day'],
  ['P1W', 'Week'],
  ['P1M', 'Month'],
  ['P3M', 'Quarter'],
  ['P1Y', 'Year'],
  ['1969-12-28T00:00:00Z/P1W', 'Week starting Sunday'],
  ['1969-12-29T00:00:00Z/P1W', 'Week starting Monday'],
  ['P1W/1970-01-03T00:00:00Z', 'Week ending Saturday'],
  ['P1W/1970-01-04T00:00:00Z', 'Week ending Sunday'],
];
export const DEFAULT_TIME_GRAIN = 'P1D';

export const SMART_NUMBER = 'SMART_NUMBER';
export const ORIGINAL_VALUE = 'ORIGINAL_VALUE';
export const SMART_DATE = 'smart_date';

export const NUMBER_FORMAT_CHOICES: readonly ControlChoice[] = [
  [SMART_NUMBER, 'Adaptive formatting'],
  [ORIGINAL_VALUE, 'Original value'],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (12345.432 => 1,234,543.2%)'],
  ['.2%', '.2% (12345.432 => 1234543.20%)'],
  ['.3%', '.3% (12345.432 => 1234543.200%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.1f', ',.1f (12345.432 => 12,345.4)'],
  [',.2f', ',.2f (12345.432 => 12,345.43)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  ['DURATION', 'Duration in ms (66000 => 1m 6s)'],
  ['DURATION_SUB', 'Duration in ms (1.40008 => 1ms 400µs 80ns)'],
  ['DURATION_COL', 'Duration in ms (10500 => 0:10.5)'],
  ['MEMORY_DECIMAL', 'Memory in bytes - decimal (1024B => 1.02kB)'],
  ['MEMORY_BINARY', 'Memory in bytes - binary (1024B => 1KiB)'],
];

/** The percentage formats a percentage-change comparison may use (spec: controls rule). */
export const PERCENTAGE_FORMAT_CHOICES: readonly ControlChoice[] = NUMBER_FORMAT_CHOICES.filter(
  ([value]) => typeof value === 'string' && value.endsWith('%'),
);

/** The date formats the Big Number and table timestamp selects offer. */
export const TIMESTAMP_FORMAT_CHOICES: readonly ControlChoice[] = [
  [SMART_DATE, 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
];

export const DATE_FORMAT_CHOICES: readonly ControlChoice[] = [
  ...TIMESTAMP_FORMAT_CHOICES,
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];

/** How the x-axis tick labels are laid out. */
export const X_TICKS_LAYOUT_CHOICES: readonly ControlChoice[] = choicesOf([
  'auto',
  'flat',
  '45°',
  '90°',
]);

/** Turns a plain list into select choices labelled by their own value. */
export function choicesOf(values: readonly (string | number)[]): readonly ControlChoice[] {
  return values.map((value) => [value, String(value)] as const);
}
