import {
  CalendarOutlined,
  CheckSquareOutlined,
  FieldNumberOutlined,
  FieldStringOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { readColumnConfigs, withColumnConfig } from '@tessera/shared/controls/columnConfig';
import { Popover, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { ColumnConfigForm } from './ColumnConfigForm.tsx';
import { type ColumnKind, configurableColumns } from './configurableColumns.ts';
import type { ControlProps } from './types.ts';

const KIND_ICONS: Record<ColumnKind, ReactNode> = {
  numeric: <FieldNumberOutlined />,
  string: <FieldStringOutlined />,
  temporal: <CalendarOutlined />,
  boolean: <CheckSquareOutlined />,
};

const BORDER = '1px solid rgba(5, 5, 5, 0.1)';

/**
 * "Customize columns": every column of the query, each opening a popover of its display
 * settings; writes `column_config: {<column>: {...}}` with Superset's keys.
 */
export function ColumnConfigControl({ name, value, onChange, formData, datasource }: ControlProps) {
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo(() => configurableColumns(formData, datasource), [formData, datasource]);
  const configs = readColumnConfigs(value);
  const keys = columns.map((c) => c.key);

  if (columns.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid={`column-config-empty-${name}`}>
        Add dimensions, metrics or columns to customize how each one is shown.
      </Typography.Text>
    );
  }
  return (
    <div data-testid={`column-config-${name}`} style={{ border: BORDER, borderRadius: 4 }}>
      {columns.map((column, index) => (
        <Popover
          key={column.key}
          trigger="click"
          placement="right"
          destroyOnHidden
          title={column.label}
          open={open === column.key}
          onOpenChange={(next) => setOpen(next ? column.key : null)}
          content={
            <ColumnConfigForm
              column={column}
              config={configs[column.key] ?? {}}
              formData={formData}
              datasource={datasource}
              onChange={(config) => onChange(withColumnConfig(value, column.key, config, keys))}
              onReset={() => onChange(withColumnConfig(value, column.key, {}, keys))}
            />
          }
        >
          <button
            type="button"
            data-testid="column-config-item"
            data-column={column.key}
            data-configured={configs[column.key] ? true : undefined}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              width: '100%',
              padding: '6px 8px',
              background: 'none',
              border: 'none',
              borderTop: index === 0 ? 'none' : BORDER,
              cursor: 'pointer',
              textAlign: 'left',
            }}
          >
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>{KIND_ICONS[column.kind]}</span>
            <Typography.Text ellipsis style={{ flex: 1 }} strong={!!configs[column.key]}>
              {column.label}
            </Typography.Text>
            <RightOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
          </button>
        </Popover>
      ))}
    </div>
  );
}
