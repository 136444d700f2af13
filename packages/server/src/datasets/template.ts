import { parseTemplateParams as parseParams } from '../platform/templates/params.ts';

/**
 * Datasets render with the platform's single template module (platform/templates): the same
 * guarded nunjucks and Superset macros as SQL Lab and the query engine.
 */
export type {
  TemplateContext,
  TemplateFilter,
  TemplateUser,
} from '../platform/templates/context.ts';
export { hasTemplate, renderTemplate } from '../platform/templates/render.ts';

/** `template_params` text (or an object) as an object; bad JSON is a 400 naming the field. */
export function parseTemplateParams(
  value: string | Record<string, unknown> | null | undefined,
  field = 'template_params',
): Record<string, unknown> {
  return parseParams(value, { field });
}
