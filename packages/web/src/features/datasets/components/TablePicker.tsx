import { CheckCircleFilled, EyeOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import type { DatabaseListAnswer, TableListItem } from '@tessera/shared/api/databases';
import { Flex, Form, Input, Select, Skeleton, Tooltip, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type ApiQuery, useApiQuery } from '../../../app/useApiQuery.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { datasetApi } from '../datasetApi.ts';

export interface PickedTable {
  database?: number;
  schema?: string;
  table?: string;
}

export interface TablePickerProps {
  value: PickedTable;
  onChange: (value: PickedTable) => void;
  /** Tables of the picked schema that already have a dataset (name -> dataset id). */
  existing: Map<string, number>;
  /** The databases one may pick from (loaded by the page, which names the picked one). */
  databases: ApiQuery<DatabaseListAnswer>;
}

const PREFERRED_SCHEMAS = ['main', 'public'];

/** Database, then schema, then a table of it (searchable): the left pane of the new-dataset flow. */
export function TablePicker({ value, onChange, existing, databases }: TablePickerProps) {
  const { token } = theme.useToken();
  const [filter, setFilter] = useState('');
  const schemas = useApiQuery(
    (signal) => datasetApi.schemas(value.database as number, signal),
    [value.database],
    { enabled: value.database !== undefined },
  );
  const tables = useApiQuery(
    (signal) => datasetApi.tables(value.database as number, value.schema as string, signal),
    [value.database, value.schema],
    { enabled: value.database !== undefined && value.schema !== undefined },
  );

  // With a single database there is nothing to choose: take it.
  useEffect(() => {
    const list = databases.data?.result;
    if (value.database === undefined && list?.length === 1)
      onChange({ database: Number(list[0]?.id) });
  }, [databases.data, value.database, onChange]);

  // Start in the schema most databases keep their tables in.
  useEffect(() => {
    const names = schemas.data?.result;
    if (!names || names.length === 0 || value.schema !== undefined) return;
    const preferred = PREFERRED_SCHEMAS.find((name) => names.includes(name));
    onChange({ database: value.database, schema: preferred ?? names[0] });
  }, [schemas.data, value.database, value.schema, onChange]);

  const visible = useMemo(() => {
    const all = tables.data?.result ?? [];
    const needle = filter.trim().toLowerCase();
    return needle ? all.filter((t) => t.value.toLowerCase().includes(needle)) : all;
  }, [tables.data, filter]);

  return (
    <Flex vertical gap={4} style={{ height: '100%', minHeight: 0 }} data-testid="table-picker">
      <Form layout="vertical" component="div" requiredMark={false}>
        <Form.Item label="Database" style={{ marginBottom: 12 }}>
          {databases.error ? (
            <ErrorAlert error={databases.error} compact onRetry={databases.reload} />
          ) : (
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select a database"
              loading={databases.loading}
              value={value.database}
              onChange={(database) => {
                setFilter('');
                onChange({ database });
              }}
              options={(databases.data?.result ?? []).map((db) => ({
                value: Number(db.id),
                label: String(db.database_name),
              }))}
              data-testid="add-database-select"
            />
          )}
        </Form.Item>
        <Form.Item label="Schema" style={{ marginBottom: 12 }}>
          {schemas.error ? (
            <ErrorAlert error={schemas.error} compact onRetry={schemas.reload} />
          ) : (
            <Select<string>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={
                value.database === undefined ? 'Select a database first' : 'Select a schema'
              }
              disabled={value.database === undefined}
              loading={schemas.loading && value.database !== undefined}
              value={value.schema}
              onChange={(schema) => {
                setFilter('');
                onChange({ database: value.database, schema });
              }}
              options={(schemas.data?.result ?? []).map((name) => ({ value: name, label: name }))}
              data-testid="add-schema-select"
            />
          )}
        </Form.Item>
      </Form>
      <Typography.Text strong style={{ fontSize: 13 }}>
        Table
      </Typography.Text>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search tables"
        value={filter}
        disabled={value.schema === undefined}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="add-table-search"
      />
      {tables.error && <ErrorAlert error={tables.error} compact onRetry={tables.reload} />}
      <div style={{ flex: 1, overflowY: 'auto', minHeight: 160, margin: '6px -6px 0' }}>
        {tables.loading && value.schema !== undefined ? (
          <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 8 }} />
        ) : (
          <div role="listbox" aria-label="Tables" data-testid="add-table-list">
            {value.schema !== undefined && visible.length === 0 && (
              <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>
                {filter ? 'No table matches' : 'No tables in this schema'}
              </Typography.Text>
            )}
            {visible.map((item: TableListItem) => {
              const selected = item.value === value.table;
              const hasDataset = existing.has(item.value);
              return (
                <button
                  type="button"
                  role="option"
                  aria-selected={selected}
                  key={item.value}
                  data-testid="add-table-item"
                  data-table={item.value}
                  onClick={() => onChange({ ...value, table: item.value })}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 8,
                    width: '100%',
                    padding: '6px 8px',
                    border: 'none',
                    borderRadius: token.borderRadiusSM,
                    background: selected ? token.controlItemBgActive : 'transparent',
                    color: selected ? token.colorPrimary : token.colorText,
                    cursor: 'pointer',
                    font: 'inherit',
                    textAlign: 'left',
                  }}
                >
                  {item.type === 'table' ? <TableOutlined /> : <EyeOutlined />}
                  <Typography.Text ellipsis style={{ color: 'inherit', flex: 1 }}>
                    {item.value}
                  </Typography.Text>
                  {hasDataset && (
                    <Tooltip title="A dataset already uses this table">
                      <CheckCircleFilled
                        style={{ color: token.colorSuccess }}
                        aria-label="has a dataset"
                        data-testid="add-table-has-dataset"
                      />
                    </Tooltip>
                  )}
                </button>
              );
            })}
          </div>
        )}
      </div>
      {tables.data && (
        <Typography.Text type="secondary" style={{ fontSize: 12, paddingTop: 6 }}>
          {visible.length} of {tables.data.count} tables and views
        </Typography.Text>
      )}
    </Flex>
  );
}
