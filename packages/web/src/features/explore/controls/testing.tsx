import type { ControlConfig, DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { DATASOURCE_ITEM_MIME } from './dnd.ts';
import type { ControlProps } from './types.ts';

export const SLOW = { timeout: 15_000 };

export const DATASOURCE: DatasourceMeta = {
  id: 3,
  type: 'table',
  uid: '3__table',
  name: 'birth_names',
  database: { id: 1, backend: 'duckdb' },
  main_dttm_col: 'ds',
  columns: [
    { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'gender', type: 'VARCHAR', type_generic: 1, groupby: true },
    { column_name: 'name', type: 'VARCHAR', type_generic: 1, groupby: true },
    { column_name: 'num', type: 'BIGINT', type_generic: 0, groupby: true },
    { column_name: 'state', type: 'VARCHAR', type_generic: 1, groupby: true },
  ],
  metrics: [
    { metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' },
    { metric_name: 'sum__num', expression: 'SUM(num)' },
  ],
};

export const FORM_DATA: QueryFormData = { datasource: '3__table', viz_type: 'table' };

/** Renders one control the way the panel does, with a spy for `onChange`. */
export function renderControl(
  Component: ComponentType<ControlProps>,
  config: ControlConfig,
  value: unknown,
  name = 'ctl',
) {
  const onChange = vi.fn();
  const result = render(
    <div data-testid={`control-${name}`}>
      <Component
        name={name}
        config={config}
        value={value}
        onChange={onChange}
        datasource={DATASOURCE}
        formData={FORM_DATA}
      />
    </div>,
  );
  return { ...result, onChange };
}

/** Opens an antd select found by test id (or inside it) and clicks the option titled `option`. */
export async function pick(testId: string, option: string, container: HTMLElement = document.body) {
  const host = within(container).getByTestId(testId);
  const select =
    host.getAttribute('role') === 'combobox' ? host : within(host).getByRole('combobox');
  fireEvent.mouseDown(select);
  const choices = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(choices.at(-1) as HTMLElement);
}

/** A drop of a datasource panel item, as the panel's native drag and drop delivers it. */
export function dropItem(target: HTMLElement, item: { type: 'column' | 'metric'; name: string }) {
  const payload = JSON.stringify(item);
  const dataTransfer = {
    types: [DATASOURCE_ITEM_MIME],
    getData: (type: string) => (type === DATASOURCE_ITEM_MIME ? payload : ''),
  };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}
