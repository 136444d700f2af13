import { describe, expect, it } from 'vitest';
import { formatNumber, getNumberFormatter, isValidNumberFormat } from './number.ts';

describe('getNumberFormatter', () => {
  it('SMART_NUMBER adapts to the size of the value (the default)', () => {
    const smart = getNumberFormatter();
    expect(smart(0)).toBe('0');
    expect(smart(1234)).toBe('1.23k');
    expect(smart(12_345_678)).toBe('12.3M');
    expect(smart(3_200_000_000)).toBe('3.2B');
    expect(smart(-1500)).toBe('-1.5k');
    expect(smart(12.345)).toBe('12.35');
    expect(smart(1)).toBe('1');
    expect(smart(0.0012)).toBe('0.0012');
    expect(smart(0.000012)).toBe('12µ');
    expect(getNumberFormatter('SMART_NUMBER')(999)).toBe('999');
  });

  it('keeps the original value', () => {
    expect(formatNumber('ORIGINAL_VALUE', 12345.678901)).toBe('12345.678901');
  });

  it('speaks d3 formats, percentages included', () => {
    expect(formatNumber(',d', 12345.432)).toBe('12,345');
    expect(formatNumber('.1s', 12345.432)).toBe('10k');
    expect(formatNumber('.3s', 12345.432)).toBe('12.3k');
    expect(formatNumber(',.1%', 0.12345)).toBe('12.3%');
    expect(formatNumber('.2%', 0.5)).toBe('50.00%');
    expect(formatNumber('.4r', 12345.432)).toBe('12350');
    expect(formatNumber(',.2f', 12345.432)).toBe('12,345.43');
    expect(formatNumber('+,', 12345.432)).toBe('+12,345.432');
    expect(formatNumber('$,.2f', 12345.432)).toBe('$12,345.43');
    expect(formatNumber(',.2f', -3.5)).toBe('-3.50');
  });

  it('formats durations in milliseconds', () => {
    expect(formatNumber('DURATION', 66000)).toBe('1m 6s');
    expect(formatNumber('DURATION', 3_723_000)).toBe('1h 2m 3s');
    expect(formatNumber('DURATION', 90_061_000)).toBe('1d 1h 1m 1s');
    expect(formatNumber('DURATION', 250)).toBe('250ms');
    expect(formatNumber('DURATION', 0)).toBe('0ms');
    expect(formatNumber('DURATION_SUB', 1.40008)).toBe('1ms 400µs 80ns');
    expect(formatNumber('DURATION_COL', 10500)).toBe('0:10.5');
    expect(formatNumber('DURATION_COL', 3_723_000)).toBe('1:02:03');
  });

  it('formats memory in decimal and binary units', () => {
    expect(formatNumber('MEMORY_DECIMAL', 1024)).toBe('1.02kB');
    expect(formatNumber('MEMORY_DECIMAL', 1_500_000)).toBe('1.5MB');
    expect(formatNumber('MEMORY_BINARY', 1024)).toBe('1KiB');
    expect(formatNumber('MEMORY_BINARY', 1_572_864)).toBe('1.5MiB');
    expect(formatNumber('MEMORY_BINARY', 512)).toBe('512B');
  });

  it('puts a currency symbol before or after the number', () => {
    expect(formatNumber(',.2f', 1234.5, { symbol: 'USD', symbolPosition: 'prefix' })).toBe(
      '$1,234.50',
    );
    expect(formatNumber(',.2f', -5, { symbol: 'USD', symbolPosition: 'prefix' })).toBe('-$5.00');
    expect(formatNumber(',.2f', 1234.5, { symbol: 'EUR', symbolPosition: 'suffix' })).toBe(
      '1,234.50 €',
    );
    expect(formatNumber('$,.2f', 3, { symbol: 'GBP', symbolPosition: 'prefix' })).toBe('£3.00');
    expect(formatNumber(',.0f', 3, { symbol: 'XYZ1', symbolPosition: 'prefix' })).toBe('XYZ13');
  });

  it('treats missing values and bad formats gently', () => {
    expect(formatNumber(',d', null)).toBe('');
    expect(formatNumber(',d', undefined)).toBe('');
    expect(formatNumber(',d', Number.NaN)).toBe('NaN');
    expect(formatNumber('not a format', 12.5)).toBe('12.5');
    expect(isValidNumberFormat('not a format')).toBe(false);
    expect(isValidNumberFormat(',.2f')).toBe(true);
    expect(isValidNumberFormat('DURATION')).toBe(true);
  });
});
