import { SMART_DATE } from '@tessera/shared/controls/options';
import { getTimeFormatter, type TimeFormatter } from '@tessera/shared/format/time';

/**
 * Dates that must read on their own: tooltips, drill-to-detail chips, table cells. The adaptive
 * "smart" format suits an axis, where neighbours give the context ("Mon 26" between "March" and
 * "April"), but a tooltip or a chip has no neighbours. So where the chosen format is the smart
 * one, a date shows as its time grain defines it, as Superset's granularity formats do; without
 * a grain (a raw records table), as the date, with the time of day when it has one.
 */

const SECOND = '%Y-%m-%d %H:%M:%S';
const MINUTE = '%Y-%m-%d %H:%M';
const DAY = '%Y-%m-%d';

const GRAIN_FORMATS: Record<string, string> = {
  PT1S: SECOND,
  PT5S: SECOND,
  PT30S: SECOND,
  PT1M: MINUTE,
  PT5M: MINUTE,
  PT10M: MINUTE,
  PT15M: MINUTE,
  PT30M: MINUTE,
  PT1H: '%Y-%m-%d %H:00',
  PT6H: '%Y-%m-%d %H:00',
  P1D: DAY,
  P1W: DAY,
  P1M: '%b %Y',
  P3M: '%Y Q%q',
  P1Y: '%Y',
  '1969-12-28T00:00:00Z/P1W': DAY,
  '1969-12-29T00:00:00Z/P1W': DAY,
  'P1W/1970-01-03T00:00:00Z': DAY,
  'P1W/1970-01-04T00:00:00Z': DAY,
};

const MIDNIGHT = ' 00:00:00';

export function standaloneTimeFormatter(format: unknown, grain: unknown): TimeFormatter {
  if (typeof format === 'string' && format !== '' && format !== SMART_DATE) {
    return getTimeFormatter(format);
  }
  const byGrain = typeof grain === 'string' ? GRAIN_FORMATS[grain] : undefined;
  if (byGrain) return getTimeFormatter(byGrain);
  const full = getTimeFormatter(SECOND);
  return (value) => {
    const text = full(value);
    return text.endsWith(MIDNIGHT) ? text.slice(0, -MIDNIGHT.length) : text;
  };
}
