import { describe, expect, it } from 'vitest';
import { standaloneTimeFormatter } from './grainFormat.ts';

const monday = Date.UTC(2024, 1, 26);

describe('standaloneTimeFormatter', () => {
  it('shows a smart-formatted date with its month and year, by the time grain', () => {
    expect(standaloneTimeFormatter('smart_date', 'P1D')(monday)).toBe('2024-02-26');
    expect(standaloneTimeFormatter(undefined, 'P1M')(monday)).toBe('Feb 2024');
    expect(standaloneTimeFormatter('smart_date', 'P3M')(monday)).toBe('2024 Q1');
    expect(standaloneTimeFormatter('smart_date', 'PT1H')(monday + 13 * 3_600_000)).toBe(
      '2024-02-26 13:00',
    );
  });

  it('without a grain, shows the date and the time of day when it has one', () => {
    expect(standaloneTimeFormatter(undefined, undefined)(monday)).toBe('2024-02-26');
    expect(standaloneTimeFormatter('smart_date', null)(monday + 12 * 3_600_000 + 60_000)).toBe(
      '2024-02-26 12:01:00',
    );
  });

  it('keeps a format the user chose', () => {
    expect(standaloneTimeFormatter('%d/%m/%Y', 'P1M')(monday)).toBe('26/02/2024');
  });
});
