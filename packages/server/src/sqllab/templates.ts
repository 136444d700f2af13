import { TesseraError } from '@tessera/shared/errors';
import nunjucks from 'nunjucks';
import { buildTemplateVariables, type TemplateContext } from '../platform/templates/context.ts';
import { hasTemplate, renderTemplate } from '../platform/templates/render.ts';

/**
 * SQL Lab renders with the platform's single template module (platform/templates): guarded
 * nunjucks, Superset's macros, and parameters whose bad JSON is a 400 saying where. Before
 * rendering, SQL Lab names the variables nothing defines, as Superset does: nunjucks would print
 * them as empty text and the engine's syntax error would follow.
 */
export { parseTemplateParams } from '../platform/templates/params.ts';

export const PARAMETER_MISSING_ERR =
  'Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.';

/** Names a template may use without a parameter: nunjucks' own globals and loop variables. */
const BUILT_IN_NAMES = new Set(['range', 'cycler', 'joiner', 'loop', 'caller', 'super']);

/** The undocumented node shape of nunjucks' parser (lib/nodes.js). */
interface TemplateNode {
  typename: string;
  value?: unknown;
  iterFields(visit: (value: unknown, field: string) => void): void;
}

const parser = (nunjucks as unknown as { parser: { parse(src: string): TemplateNode } }).parser;

const isNode = (value: unknown): value is TemplateNode =>
  typeof value === 'object' && value !== null && 'typename' in value;

/** Whether this field of the node holds names that `{% set %}`, `{% for %}` or `{% macro %}` bind. */
function bindsNames(node: TemplateNode, field: string): boolean {
  if (node.typename === 'Set') return field === 'targets';
  if (node.typename === 'For' || node.typename === 'AsyncEach' || node.typename === 'AsyncAll')
    return field === 'name';
  if (node.typename === 'Macro') return field === 'name' || field === 'args';
  return false;
}

/** A bare name tested for truth or definedness: `low`, `not low`, `low is defined`. */
function testsPresence(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (node.typename === 'Symbol') return true;
  let inner: unknown;
  node.iterFields((child, field) => {
    if (
      (node.typename === 'Not' && field === 'target') ||
      (node.typename === 'Is' && field === 'left')
    )
      inner = child;
  });
  return inner !== undefined && testsPresence(inner);
}

/**
 * The variables a template reads that neither the context nor the template itself defines, in
 * order of first use. Like Jinja's `find_undeclared_variables`, it reads the syntax, not one run:
 * a name is declared if anything in the template assigns it. Unlike Superset, a name that is only
 * tested (`{% if low %}`, `{% if low is defined %}`) or given a default (`low | default(1)`) is
 * optional on purpose and not reported.
 */
export function undeclaredVariables(sql: string, context: TemplateContext): string[] {
  if (!hasTemplate(sql)) return [];
  let tree: TemplateNode;
  try {
    tree = parser.parse(sql);
  } catch {
    // A syntax error: rendering reports it with its position.
    return [];
  }
  const declared = new Set([
    ...BUILT_IN_NAMES,
    ...Object.keys(buildTemplateVariables(context).variables),
  ]);
  const used: string[] = [];
  const bind = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(bind);
    else if (isNode(value)) {
      if (value.typename === 'Symbol') declared.add(String(value.value));
      else value.iterFields((child) => bind(child));
    }
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isNode(value)) return;
    if (value.typename === 'Symbol') {
      used.push(String(value.value));
      return;
    }
    const defaulted =
      value.typename === 'Filter' && ['default', 'd'].includes(filterName(value) ?? '');
    value.iterFields((child, field) => {
      if (bindsNames(value, field)) bind(child);
      // A filter's or test's name, and a keyword argument's key, are no variables.
      else if (value.typename === 'Filter' && field === 'name') return;
      else if (value.typename === 'Is' && field === 'right') return;
      else if (value.typename === 'Pair' && field === 'key') return;
      else if ((value.typename === 'If' || value.typename === 'InlineIf') && field === 'cond') {
        if (!testsPresence(child)) visit(child);
      } else if (defaulted && field === 'args' && isNode(child)) {
        const [first, ...rest] = (child as unknown as { children: unknown[] }).children;
        if (!testsPresence(first)) visit(first);
        visit(rest);
      } else visit(child);
    });
  };
  visit(tree);
  return [...new Set(used.filter((name) => !declared.has(name)))];
}

function filterName(node: TemplateNode): string | undefined {
  let name: string | undefined;
  node.iterFields((child, field) => {
    if (field === 'name' && isNode(child)) name = String(child.value);
  });
  return name;
}

/** Superset's `format_list`: `"a", "b"`. */
const formatList = (names: string[]) =>
  names.map((name) => `"${name.replaceAll('"', '\\"')}"`).join(', ');

/** The 400 Superset answers for template variables nothing defines. */
export function missingParametersError(names: string[], templateParams: unknown): TesseraError {
  const message =
    names.length === 1
      ? `The parameter ${formatList(names)} in your query is undefined.`
      : `The following parameters in your query are undefined: ${formatList(names)}.`;
  return new TesseraError(400, `${message} ${PARAMETER_MISSING_ERR}`, {
    errorType: 'MISSING_TEMPLATE_PARAMS_ERROR',
    extra: { undefined_parameters: names, template_parameters: templateParams },
  });
}

/**
 * Renders the SQL; text without template markup is returned untouched. A variable nothing
 * defines is a 400 MISSING_TEMPLATE_PARAMS_ERROR naming it.
 */
export function renderSqlTemplate(sql: string, context: TemplateContext): string {
  const missing = undeclaredVariables(sql, context);
  if (missing.length > 0) throw missingParametersError(missing, context.params ?? {});
  return renderTemplate(sql, context);
}
