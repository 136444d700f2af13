import { getChartDefinition } from '../viz/registry.ts';
import type {
  ControlConfig,
  ControlContext,
  ControlPanelConfig,
  DatasourceMeta,
  QueryFormData,
} from '../viz/types.ts';
import { panelControls } from './expand.ts';
import { PERCENTAGE_FORMAT_CHOICES } from './options.ts';
import { keepValidValues } from './sanitize.ts';
import { runValidators, validateDefaultRowLimit, validateRowLimit } from './validators.ts';

export const INVALID_ORDERBY_MESSAGE = 'Found invalid orderby options';

export interface ControlState {
  config: ControlConfig;
  value: unknown;
  validationErrors: string[];
  /** False when the control's visibility rule hides it (it is then not validated). */
  visible: boolean;
}

export type ControlsState = Record<string, ControlState>;

export interface ControlsStateOptions {
  /** SQL_MAX_ROW from the bootstrap config; the spec's default applies without it. */
  sqlMaxRow?: number;
  /** Errors found elsewhere (the server, a chart's own checks), merged into the controls'. */
  externalErrors?: Record<string, string[]>;
}

/** Keys that belong to the chart, not to any control; they survive a chart-type switch. */
const CHART_KEYS = new Set([
  'datasource',
  'viz_type',
  'slice_id',
  'url_params',
  'dashboardId',
  'extra_form_data',
  'form_data_version',
]);

const isPercentageFormat = (format: unknown) => typeof format === 'string' && format.endsWith('%');

function cloneDefault(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? structuredCloneJson(value) : value;
}

function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Each item of an `orderby` list is either a [metric, ascending] pair or that pair written as
 * JSON (the table chart's saved choices); anything else cannot be ordered by.
 */
export function parseOrderby(orderby: unknown): unknown[] {
  const items = Array.isArray(orderby) ? orderby : orderby == null ? [] : [orderby];
  return items.map((item) => {
    if (typeof item !== 'string') return item;
    try {
      return JSON.parse(item) as unknown;
    } catch {
      throw new Error(INVALID_ORDERBY_MESSAGE);
    }
  });
}

/** The config a control has for this form data: rules that depend on other controls' values. */
function configFor(
  name: string,
  config: ControlConfig,
  formData: QueryFormData,
  options: ControlsStateOptions,
): ControlConfig {
  if (name === 'row_limit' && options.sqlMaxRow !== undefined) {
    const rowLimit = validateRowLimit(options.sqlMaxRow);
    const others = (config.validators ?? []).filter((v) => v !== validateDefaultRowLimit);
    return { ...config, validators: [...others, rowLimit] };
  }
  if (name === 'y_axis_format' && formData.comparison_type === 'percentage') {
    return {
      ...config,
      choices: PERCENTAGE_FORMAT_CHOICES,
      default: PERCENTAGE_FORMAT_CHOICES[0]?.[0],
    };
  }
  return config;
}

function valueFor(name: string, config: ControlConfig, ctx: ControlContext): unknown {
  const saved = ctx.formData[name];
  const fallback = () => config.dynamicDefault?.(ctx) ?? cloneDefault(config.default);
  if (saved === undefined) return fallback();
  let value = keepValidValues(name, config, saved, ctx);
  // A single value that no longer fits falls back the way a fresh control would.
  if (value === null && saved !== null) value = fallback() ?? null;
  if (
    name === 'y_axis_format' &&
    ctx.formData.comparison_type === 'percentage' &&
    !isPercentageFormat(value)
  ) {
    return config.default;
  }
  return value;
}

function errorsFor(
  name: string,
  state: Omit<ControlState, 'validationErrors'>,
  ctx: ControlContext,
  external?: string[],
): string[] {
  const errors = state.visible ? runValidators(state.config.validators, state.value, ctx) : [];
  if (name === 'orderby' || name === 'order_by_cols') {
    try {
      parseOrderby(state.value);
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  for (const message of external ?? []) if (!errors.includes(message)) errors.push(message);
  return errors;
}

/**
 * Explore's control state for a chart type: every control of its panel with its value (saved,
 * else the dynamic default, else the default), cleaned of what it can no longer hold, and
 * its validation errors.
 */
export function getControlsState(
  panel: ControlPanelConfig,
  formData: QueryFormData,
  datasource: DatasourceMeta | null,
  options: ControlsStateOptions = {},
): { controls: ControlsState } {
  const controls: ControlsState = {};
  const entries = [...panelControls(panel)].map(
    ([name, config]) => [name, configFor(name, config, formData, options)] as const,
  );
  const ctx: ControlContext = { formData, datasource };
  const values: Record<string, unknown> = {};
  for (const [name, config] of entries) values[name] = valueFor(name, config, ctx);
  // Visibility and validators see the values the controls will hold, defaults included.
  const resolved: ControlContext = { formData: { ...formData, ...values }, datasource };
  for (const [name, config] of entries) {
    const visible = config.visibility?.(resolved) ?? true;
    const state = { config, value: values[name], visible };
    controls[name] = {
      ...state,
      validationErrors: errorsFor(name, state, resolved, options.externalErrors?.[name]),
    };
  }
  return { controls };
}

/** Re-validates controls after a change; external errors are merged in. */
export function validateControls(
  controls: ControlsState,
  formData: QueryFormData,
  datasource: DatasourceMeta | null,
  externalErrors: Record<string, string[]> = {},
): ControlsState {
  const values = Object.fromEntries(Object.entries(controls).map(([name, c]) => [name, c.value]));
  const ctx: ControlContext = { formData: { ...formData, ...values }, datasource };
  const next: ControlsState = {};
  for (const [name, control] of Object.entries(controls)) {
    const visible = control.config.visibility?.(ctx) ?? true;
    const state = { config: control.config, value: control.value, visible };
    next[name] = { ...state, validationErrors: errorsFor(name, state, ctx, externalErrors[name]) };
  }
  return next;
}

/** The form data the controls describe, on top of the chart keys of `base`. */
export function getFormDataFromControls(
  controls: ControlsState,
  base: QueryFormData,
): QueryFormData {
  const formData: QueryFormData = { ...base };
  for (const [name, control] of Object.entries(controls)) {
    if (control.value === undefined) delete formData[name];
    else formData[name] = control.value;
  }
  return formData;
}

/** Controls a chart type names differently from another: the value moves under the new name. */
function carriedValue(name: string, formData: Record<string, unknown>): unknown {
  if (formData[name] !== undefined) return formData[name];
  if (name === 'metric' && Array.isArray(formData.metrics)) return formData.metrics[0];
  if (name === 'metrics' && formData.metric != null) return [formData.metric];
  if (name === 'x_axis' && formData.granularity_sqla) return formData.granularity_sqla;
  return undefined;
}

/**
 * Switching chart type keeps the values of the controls the new type shares; everything else
 * goes to `hiddenFormData`, from which a later switch back restores it.
 */
export function transferControls(
  _fromViz: string,
  toViz: string,
  formData: QueryFormData,
  options: { hiddenFormData?: Record<string, unknown>; lookup?: typeof getChartDefinition } = {},
): {
  formData: QueryFormData;
  controlsTransferred: string[];
  hiddenFormData: Record<string, unknown>;
} {
  const lookup = options.lookup ?? getChartDefinition;
  const target = lookup(toViz);
  const source: Record<string, unknown> = { ...options.hiddenFormData, ...formData };
  const next: QueryFormData = { datasource: formData.datasource, viz_type: toViz };
  for (const key of CHART_KEYS)
    if (key !== 'viz_type' && formData[key] !== undefined) next[key] = formData[key];
  if (!target) {
    return {
      formData: { ...formData, viz_type: toViz },
      controlsTransferred: [],
      hiddenFormData: {},
    };
  }
  const controlsTransferred: string[] = [];
  const toControls = panelControls(target.controlPanel);
  for (const name of toControls.keys()) {
    const current = carriedValue(name, formData);
    const value = current ?? carriedValue(name, options.hiddenFormData ?? {});
    if (value === undefined) continue;
    next[name] = value;
    // Only values from the chart being left count as carried over, not restored hidden ones.
    if (current !== undefined) controlsTransferred.push(name);
  }
  const hiddenFormData: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!CHART_KEYS.has(key) && !toControls.has(key) && value !== undefined)
      hiddenFormData[key] = value;
  }
  return { formData: next, controlsTransferred, hiddenFormData };
}
