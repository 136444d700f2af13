/**
 * The spec's saved-metric pattern: an optional LONG, DOUBLE or FLOAT prefix, then SUM, AVG, MAX,
 * MIN or COUNT of one column (`SUM(num)`, `LONGSUM(x)`), and the `sum__num` names Superset
 * generated for such metrics. A match is a metric the tool generated, not one a person wrote.
 */
const GENERATED_EXPRESSION =
  /^(LONG|DOUBLE|FLOAT)?_?(SUM|AVG|MAX|MIN|COUNT)\(\s*([A-Z0-9_."]*)\s*\)$/i;
const GENERATED_NAME = /^(sum|min|max|avg|count|count_distinct)__(.+)$/i;

export type GeneratedAggregate = 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT' | 'COUNT_DISTINCT';

export interface GeneratedMetric {
  aggregate: GeneratedAggregate;
  column: string;
}

/** Whether a metric name or expression follows the generated pattern. */
export function isGeneratedMetric(nameOrExpression: string): boolean {
  return parseGeneratedMetric(nameOrExpression) !== null;
}

/** The aggregate and column behind a generated metric, or null for a hand-written one. */
export function parseGeneratedMetric(nameOrExpression: string): GeneratedMetric | null {
  const text = nameOrExpression.trim();
  const expression = GENERATED_EXPRESSION.exec(text);
  if (expression) {
    return {
      aggregate: (expression[2] as string).toUpperCase() as GeneratedAggregate,
      column: (expression[3] as string).replace(/"/g, ''),
    };
  }
  const name = GENERATED_NAME.exec(text);
  if (name) {
    return {
      aggregate: (name[1] as string).toUpperCase() as GeneratedAggregate,
      column: name[2] as string,
    };
  }
  return null;
}
