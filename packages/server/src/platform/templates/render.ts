import { badRequest } from '@tessera/shared/errors';
import nunjucks from 'nunjucks';
import { buildTemplateVariables, type TemplateContext } from './context.ts';
import { installTemplateGuards } from './safety.ts';

/**
 * The one place templates are rendered: SQL Lab, virtual-dataset SQL, column and metric
 * expressions, adhoc SQL, RLS clauses. One nunjucks environment, guarded (safety.ts), with the
 * Jinja filters Superset users rely on besides nunjucks' own (`where_in`, `tojson`).
 */

installTemplateGuards();

const environment = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });

const sqlLiteral = (value: unknown): string => {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value === null || value === undefined) return 'NULL';
  return `'${String(value).replaceAll("'", "''")}'`;
};

// Superset's `where_in`: a list as an SQL tuple of escaped literals, `('a', 'b')`.
environment.addFilter('where_in', (values: unknown) => {
  const list = Array.isArray(values) ? values : [values];
  return `(${list.map(sqlLiteral).join(', ')})`;
});
environment.addFilter('tojson', (value: unknown) => JSON.stringify(value ?? null));

/** Whether text holds template syntax at all (plain SQL skips the renderer). */
export function hasTemplate(text: string): boolean {
  return /\{\{|\{%|\{#/.test(text);
}

function cleanMessage(message: string): string {
  // nunjucks prefixes "(unknown path)" and nests "Error:" under the position line.
  return message
    .replace(/\(unknown path\)\s*/g, '')
    .replace(/\b(?:Template render error|Error):\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface TemplateRenderer {
  render(text: string): string;
  /** Columns whose filters a template read (the answer's `applied_template_filters`). */
  appliedFilters(): string[];
}

/** A renderer for one query: every text rendered with the same context. */
export function createRenderer(context: TemplateContext = {}): TemplateRenderer {
  const { variables, applied } = buildTemplateVariables(context);
  return {
    render(text: string): string {
      if (!hasTemplate(text)) return text;
      try {
        return environment.renderString(text, variables);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw badRequest(`The template could not be rendered: ${cleanMessage(message)}`, {
          errorType: 'INVALID_TEMPLATE_PARAMS_ERROR',
        });
      }
    },
    appliedFilters: () => [...applied],
  };
}

/**
 * Renders `text`; a template error is a 400 INVALID_TEMPLATE_PARAMS_ERROR saying what and
 * where (`[Line 1, Column 9] ...`).
 */
export function renderTemplate(text: string, context: TemplateContext = {}): string {
  if (!hasTemplate(text)) return text;
  return createRenderer(context).render(text);
}
