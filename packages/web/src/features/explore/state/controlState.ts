import { getControlsState, transferControls } from '@tessera/shared/controls/state';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import type { ControlConfig, DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';

/**
 * The seam between Explore's store and the shared control logic (`shared/controls/state.ts`):
 * the store keeps what these functions answer and never decides a control's value itself.
 */

export interface ControlState {
  value: unknown;
  validationErrors: string[];
  config?: ControlConfig;
  visible?: boolean;
}

export type ControlsState = Record<string, ControlState>;

/** The controls of a chart type for this form data, and the form data with their values. */
export function computeControls(
  formData: QueryFormData,
  datasource: DatasourceMeta | null,
  options: { sqlMaxRow?: number } = {},
): { controls: ControlsState; formData: QueryFormData } {
  const definition = getChartDefinition(formData.viz_type);
  if (!definition) return { controls: {}, formData };
  const { controls } = getControlsState(definition.controlPanel, formData, datasource, options);
  const next: QueryFormData = { ...formData };
  for (const [name, control] of Object.entries(controls)) {
    if (control.value === undefined) delete next[name];
    else next[name] = control.value;
  }
  return { controls: controls as ControlsState, formData: next };
}

/** Switching chart type keeps the values of the controls both types share. */
export function switchVizType(
  formData: QueryFormData,
  vizType: string,
  hiddenFormData: Record<string, unknown> = {},
): {
  formData: QueryFormData;
  controlsTransferred: string[];
  hiddenFormData: Record<string, unknown>;
} {
  // Values earlier switches set aside come back when a type that has them is chosen.
  const result = transferControls(formData.viz_type, vizType, formData, { hiddenFormData });
  return {
    formData: { ...result.formData, viz_type: vizType },
    controlsTransferred: [...result.controlsTransferred],
    hiddenFormData: { ...result.hiddenFormData },
  };
}

/** Whether any control has a validation error (the Run button stays disabled then). */
export function controlErrors(controls: ControlsState): Array<{ name: string; errors: string[] }> {
  return Object.entries(controls)
    .filter(([, control]) => control.validationErrors.length > 0)
    .map(([name, control]) => ({ name, errors: control.validationErrors }));
}

/** Controls whose change only redraws the chart: no new query is needed. */
export function isRenderTrigger(controls: ControlsState, name: string): boolean {
  return controls[name]?.config?.renderTrigger === true;
}

const IGNORED_KEYS = new Set(['slice_id', 'url_params', 'dashboardId', 'extra_form_data']);

/**
 * A chart "needs a re-run" when a control that feeds the query changed since the last run; a
 * change of a render-trigger control (colours, labels) only redraws.
 */
export function queryChanged(
  current: QueryFormData | null,
  latest: QueryFormData | null,
  controls: ControlsState,
): boolean {
  if (!current || !latest) return false;
  const keys = new Set([...Object.keys(current), ...Object.keys(latest)]);
  for (const key of keys) {
    if (IGNORED_KEYS.has(key) || isRenderTrigger(controls, key)) continue;
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(latest[key] ?? null)) return true;
  }
  return false;
}
