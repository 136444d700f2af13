/**
 * The pivot table's cell aggregators by Superset's names. Pure: the web pivots rows with them and
 * the control lists the names. Fractions are computed against a denominator the caller gives.
 */

export type AggregatorName =
  | 'Count'
  | 'Count Unique Values'
  | 'List Unique Values'
  | 'Sum'
  | 'Average'
  | 'Median'
  | 'Sample Variance'
  | 'Sample Standard Deviation'
  | 'Minimum'
  | 'Maximum'
  | 'First'
  | 'Last'
  | 'Sum as Fraction of Total'
  | 'Sum as Fraction of Rows'
  | 'Sum as Fraction of Columns'
  | 'Count as Fraction of Total'
  | 'Count as Fraction of Rows'
  | 'Count as Fraction of Columns';

export const AGGREGATOR_NAMES: readonly AggregatorName[] = [
  'Count',
  'Count Unique Values',
  'List Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
];

const numbers = (values: readonly unknown[]) =>
  values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));

const sum = (values: readonly unknown[]) => numbers(values).reduce((a, b) => a + b, 0);

function variance(values: readonly unknown[]): number | null {
  const xs = numbers(values);
  if (xs.length < 2) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
}

/** What a fraction aggregator divides by: the grand total, its row's or its column's. */
export function fractionOf(name: AggregatorName): 'total' | 'row' | 'column' | null {
  if (name.endsWith('Fraction of Total')) return 'total';
  if (name.endsWith('Fraction of Rows')) return 'row';
  if (name.endsWith('Fraction of Columns')) return 'column';
  return null;
}

/** The base reduction of an aggregator (a fraction's numerator: Sum or Count). */
export function aggregate(
  name: AggregatorName,
  values: readonly unknown[],
): number | string | null {
  switch (name) {
    case 'Count':
    case 'Count as Fraction of Total':
    case 'Count as Fraction of Rows':
    case 'Count as Fraction of Columns':
      return values.filter((v) => v !== null && v !== undefined).length;
    case 'Count Unique Values':
      return new Set(values.filter((v) => v !== null && v !== undefined)).size;
    case 'List Unique Values':
      return [...new Set(values.filter((v) => v !== null && v !== undefined).map(String))].join(
        ', ',
      );
    case 'Average': {
      const xs = numbers(values);
      return xs.length ? sum(xs) / xs.length : null;
    }
    case 'Median': {
      const xs = numbers(values).sort((a, b) => a - b);
      if (!xs.length) return null;
      const mid = Math.floor(xs.length / 2);
      return xs.length % 2
        ? (xs[mid] as number)
        : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
    }
    case 'Sample Variance':
      return variance(values);
    case 'Sample Standard Deviation': {
      const v = variance(values);
      return v === null ? null : Math.sqrt(v);
    }
    case 'Minimum': {
      const xs = numbers(values);
      return xs.length ? xs.reduce((a, b) => Math.min(a, b)) : null;
    }
    case 'Maximum': {
      const xs = numbers(values);
      return xs.length ? xs.reduce((a, b) => Math.max(a, b)) : null;
    }
    case 'First':
      return (values.find((v) => v !== null && v !== undefined) as number | string) ?? null;
    case 'Last':
      return (values.findLast((v) => v !== null && v !== undefined) as number | string) ?? null;
    default:
      return numbers(values).length ? sum(values) : null;
  }
}
