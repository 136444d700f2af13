import type { ControlConfig, DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';

/** What every control component receives; values only flow up through `onChange`. */
export interface ControlProps<V = unknown> {
  name: string;
  config: ControlConfig;
  value: V;
  onChange: (value: unknown) => void;
  datasource: DatasourceMeta | null;
  formData: QueryFormData;
}

/** One control's state as Explore hands it to the panel. */
export interface ControlState {
  value: unknown;
  validationErrors?: string[];
}

export type DatasourceColumn = DatasourceMeta['columns'][number];
export type DatasourceMetric = DatasourceMeta['metrics'][number];
