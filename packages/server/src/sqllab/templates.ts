import type { TemplateContext } from '../platform/templates/context.ts';
import { renderTemplate } from '../platform/templates/render.ts';

/**
 * SQL Lab renders with the platform's single template module (platform/templates): guarded
 * nunjucks, Superset's macros, and parameters whose bad JSON is a 400 saying where.
 */
export { parseTemplateParams } from '../platform/templates/params.ts';

/** Renders the SQL; text without template markup is returned untouched. */
export function renderSqlTemplate(sql: string, context: TemplateContext): string {
  return renderTemplate(sql, context);
}
