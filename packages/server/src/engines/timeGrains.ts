/** Superset's ISO-8601 time grains, in the reference's order (reference/superset-api.md). */
export const TIME_GRAINS = [
  'PT1S',
  'PT5S',
  'PT30S',
  'PT1M',
  'PT5M',
  'PT10M',
  'PT15M',
  'PT30M',
  'PT1H',
  'PT6H',
  'P1D',
  'P1W',
  'P1M',
  'P3M',
  'P1Y',
  '1969-12-28T00:00:00Z/P1W',
  '1969-12-29T00:00:00Z/P1W',
  'P1W/1970-01-03T00:00:00Z',
  'P1W/1970-01-04T00:00:00Z',
] as const;

export type TimeGrain = (typeof TIME_GRAINS)[number];

/** Human names Superset shows for each grain (its builtin_time_grains). */
export const TIME_GRAIN_NAMES: Record<TimeGrain, string> = {
  PT1S: 'Second',
  PT5S: '5 second',
  PT30S: '30 second',
  PT1M: 'Minute',
  PT5M: '5 minute',
  PT10M: '10 minute',
  PT15M: '15 minute',
  PT30M: '30 minute',
  PT1H: 'Hour',
  PT6H: '6 hour',
  P1D: 'Day',
  P1W: 'Week',
  P1M: 'Month',
  P3M: 'Quarter',
  P1Y: 'Year',
  '1969-12-28T00:00:00Z/P1W': 'Week starting Sunday',
  '1969-12-29T00:00:00Z/P1W': 'Week starting Monday',
  'P1W/1970-01-03T00:00:00Z': 'Week ending Saturday',
  'P1W/1970-01-04T00:00:00Z': 'Week ending Sunday',
};

/**
 * Builds a Dialect's grain function from templates where `{col}` stands for the quoted column.
 * The supported list keeps the reference's order whatever order the templates were written in.
 */
export function grainTemplates(templates: Partial<Record<TimeGrain, string>>): {
  timeGrains: readonly string[];
  timeGrainExpression(grain: string, column: string): string | undefined;
} {
  const supported = TIME_GRAINS.filter((grain) => templates[grain] !== undefined);
  return {
    timeGrains: supported,
    timeGrainExpression(grain: string, column: string) {
      const template = templates[grain as TimeGrain];
      return template === undefined ? undefined : template.split('{col}').join(column);
    },
  };
}
