import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  InfoCircleOutlined,
} from '@ant-design/icons';
import type { ColumnConfig } from '@tessera/shared/controls/columnConfig';
import { DATE_FORMAT_CHOICES, NUMBER_FORMAT_CHOICES } from '@tessera/shared/controls/options';
import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import { Button, Checkbox, Flex, InputNumber, Radio, Tabs, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CurrencyControl } from './CurrencyControl.tsx';
import type { ConfigurableColumn } from './configurableColumns.ts';
import { SelectControl } from './SelectControl.tsx';

interface ColumnConfigFormProps {
  column: ConfigurableColumn;
  config: ColumnConfig;
  formData: QueryFormData;
  datasource: DatasourceMeta | null;
  onChange: (config: ColumnConfig) => void;
  onReset: () => void;
}

function FieldLabel({ label, description }: { label: string; description: string }) {
  return (
    <Flex align="center" gap={4} style={{ marginBottom: 4 }}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Tooltip title={description}>
        <InfoCircleOutlined aria-label={description} style={{ color: 'rgba(0,0,0,0.45)' }} />
      </Tooltip>
    </Flex>
  );
}

function Field({ children }: { children: ReactNode }) {
  return <div style={{ marginBottom: 12 }}>{children}</div>;
}

/** The settings of one column, laid out by its kind as Superset's "Customize columns". */
export function ColumnConfigForm({
  column,
  config,
  formData,
  datasource,
  onChange,
  onReset,
}: ColumnConfigFormProps) {
  const set = <K extends keyof ColumnConfig>(key: K, value: ColumnConfig[K] | undefined) =>
    onChange({ ...config, [key]: value });
  const numeric = column.kind === 'numeric';
  const checkbox = (
    key: 'showCellBars' | 'alignPositiveNegative' | 'colorPositiveNegative',
    label: string,
    description: string,
    on: boolean,
  ) => (
    <Field>
      <Checkbox
        data-testid={`column-config-${key}`}
        checked={on}
        onChange={(event) => set(key, event.target.checked)}
      >
        {label}
      </Checkbox>
      <Tooltip title={description}>
        <InfoCircleOutlined aria-label={description} style={{ color: 'rgba(0,0,0,0.45)' }} />
      </Tooltip>
    </Field>
  );

  const layout = (
    <Flex gap={16}>
      <div>
        <FieldLabel
          label="Min Width"
          description="Default minimal column width in pixels, actual width may still be larger than this if other columns don't need much space"
        />
        <InputNumber
          data-testid="column-config-columnWidth"
          aria-label="Min Width"
          placeholder="auto"
          min={1}
          precision={0}
          style={{ width: 120 }}
          value={config.columnWidth ?? null}
          onChange={(width) => set('columnWidth', typeof width === 'number' ? width : undefined)}
        />
      </div>
      <div>
        <FieldLabel label="Text align" description="Horizontal alignment" />
        <Radio.Group
          data-testid="column-config-horizontalAlign"
          optionType="button"
          value={config.horizontalAlign ?? (numeric ? 'right' : 'left')}
          onChange={(event) => set('horizontalAlign', event.target.value)}
          options={[
            { value: 'left', label: <AlignLeftOutlined aria-label="Align left" /> },
            { value: 'center', label: <AlignCenterOutlined aria-label="Align center" /> },
            { value: 'right', label: <AlignRightOutlined aria-label="Align right" /> },
          ]}
        />
      </div>
    </Flex>
  );

  const formatSelect = (key: 'd3NumberFormat' | 'd3TimeFormat') => (
    <Field>
      <FieldLabel
        label="D3 format"
        description={
          key === 'd3NumberFormat'
            ? 'D3 format syntax: https://github.com/d3/d3-format'
            : 'D3 time format syntax: https://github.com/d3/d3-time-format'
        }
      />
      <SelectControl
        name={key}
        config={{
          type: 'SelectControl',
          label: 'D3 format',
          freeForm: true,
          clearable: true,
          placeholder: 'Chart default',
          choices: key === 'd3NumberFormat' ? NUMBER_FORMAT_CHOICES : DATE_FORMAT_CHOICES,
        }}
        value={config[key] ?? undefined}
        onChange={(format) => set(key, typeof format === 'string' ? format : undefined)}
        datasource={datasource}
        formData={formData}
      />
    </Field>
  );

  const body = numeric ? (
    <Tabs
      size="small"
      items={[
        {
          key: 'settings',
          label: <span data-testid="column-config-tab-settings">Column Settings</span>,
          children: (
            <>
              <Field>{layout}</Field>
              {checkbox(
                'showCellBars',
                'Show cell bars',
                'Whether to display a bar chart background in table columns',
                config.showCellBars ?? formData.show_cell_bars !== false,
              )}
              {checkbox(
                'alignPositiveNegative',
                'Align +/-',
                'Whether to align positive and negative values in cell bar chart at 0',
                config.alignPositiveNegative ?? Boolean(formData.align_pn),
              )}
              {checkbox(
                'colorPositiveNegative',
                'Color +/-',
                'Whether to colorize numeric values by if they are positive or negative',
                config.colorPositiveNegative ?? formData.color_pn !== false,
              )}
            </>
          ),
        },
        {
          key: 'format',
          label: <span data-testid="column-config-tab-format">Number formatting</span>,
          children: (
            <>
              {formatSelect('d3NumberFormat')}
              <Field>
                <FieldLabel
                  label="Currency format"
                  description="Format the column's numbers with a currency symbol as a prefix or a suffix."
                />
                <CurrencyControl
                  name="currencyFormat"
                  config={{ type: 'CurrencyControl', label: 'Currency format' }}
                  value={config.currencyFormat ?? null}
                  onChange={(currency) =>
                    set('currencyFormat', (currency as ColumnConfig['currencyFormat']) ?? undefined)
                  }
                  datasource={datasource}
                  formData={formData}
                />
              </Field>
            </>
          ),
        },
      ]}
    />
  ) : (
    <>
      <Field>{layout}</Field>
      {column.kind === 'temporal' && formatSelect('d3TimeFormat')}
    </>
  );

  return (
    <div data-testid="column-config-popover" style={{ width: 300 }}>
      {body}
      <Flex justify="flex-end">
        <Button size="small" data-testid="column-config-reset" onClick={onReset}>
          Reset
        </Button>
      </Flex>
    </div>
  );
}
