import { EyeOutlined, KeyOutlined, LinkOutlined, TableOutlined } from '@ant-design/icons';
import type { TableColumn, TableListItem } from '@tessera/shared/api/databases';
import {
  Drawer,
  Empty,
  Flex,
  Input,
  Select,
  Skeleton,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { databaseApi } from '../databaseApi.ts';
import { EngineIcon } from './EngineIcon.tsx';

export interface DatabaseBrowserProps {
  database: { id: number; database_name: string; backend?: string };
  onClose: () => void;
}

const TYPE_GENERIC_LABELS = ['numeric', 'string', 'temporal', 'boolean'];

function KeyTags({ column }: { column: TableColumn }) {
  return (
    <Flex gap={4} wrap>
      {column.keys.map((key) => (
        <Tag
          key={`${key.type}-${key.name ?? ''}`}
          color={key.type === 'pk' ? 'gold' : key.type === 'fk' ? 'blue' : 'default'}
          icon={
            key.type === 'pk' ? <KeyOutlined /> : key.type === 'fk' ? <LinkOutlined /> : undefined
          }
        >
          {key.type === 'pk' ? 'PK' : key.type === 'fk' ? 'FK' : 'Index'}
        </Tag>
      ))}
    </Flex>
  );
}

function TableDetail({
  databaseId,
  schema,
  table,
}: {
  databaseId: number;
  schema: string;
  table: string;
}) {
  const { token } = theme.useToken();
  const metadata = useApiQuery(
    (signal) => databaseApi.tableMetadata(databaseId, { name: table, schema }, signal),
    [databaseId, schema, table],
  );
  if (metadata.error) {
    return (
      <ErrorAlert
        error={metadata.error}
        title={`Could not load ${table}`}
        onRetry={metadata.reload}
      />
    );
  }
  if (metadata.loading || !metadata.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = metadata.data;
  return (
    <Flex vertical gap={12} data-testid="table-detail">
      <Flex align="baseline" gap={10} wrap>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="table-detail-name">
          {schema}.{data.name}
        </Typography.Title>
        <Tag>{data.type.replace('_', ' ')}</Tag>
        <Typography.Text type="secondary">{data.columns.length} columns</Typography.Text>
      </Flex>
      {data.comment && <Typography.Text type="secondary">{data.comment}</Typography.Text>}
      <Table<TableColumn>
        data-testid="table-columns"
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={data.columns}
        scroll={{ y: 'calc(100vh - 360px)' }}
        columns={[
          {
            title: 'Column',
            dataIndex: 'name',
            render: (name: string, column) => (
              <Flex vertical>
                <Typography.Text strong data-testid="column-name">
                  {name}
                </Typography.Text>
                {column.comment && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {column.comment}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: 'Type',
            dataIndex: 'longType',
            render: (longType: string, column) => (
              <Tooltip title={TYPE_GENERIC_LABELS[column.type_generic]}>
                <Typography.Text code>{longType || column.type}</Typography.Text>
              </Tooltip>
            ),
          },
          {
            title: 'Nullable',
            dataIndex: 'nullable',
            width: 90,
            render: (nullable: boolean) => (nullable ? 'yes' : 'no'),
          },
          {
            title: 'Keys',
            key: 'keys',
            width: 140,
            render: (_, column) => <KeyTags column={column} />,
          },
        ]}
      />
      <div>
        <Flex align="center" justify="space-between">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Preview query
          </Typography.Text>
          <Typography.Text
            copyable={{ text: data.selectStar }}
            type="secondary"
            style={{ fontSize: 12 }}
          >
            Copy
          </Typography.Text>
        </Flex>
        <pre
          data-testid="select-star"
          style={{
            margin: '6px 0 0',
            padding: '10px 12px',
            borderRadius: token.borderRadius,
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            fontFamily: token.fontFamilyCode,
            fontSize: 12,
            lineHeight: 1.6,
            whiteSpace: 'pre-wrap',
            overflowX: 'auto',
          }}
        >
          {data.selectStar}
        </pre>
      </div>
    </Flex>
  );
}

/** Browse a database: its schemas, the tables and views of one schema, and a table's columns. */
export function DatabaseBrowser({ database, onClose }: DatabaseBrowserProps) {
  const { token } = theme.useToken();
  const [schema, setSchema] = useState<string | undefined>(undefined);
  const [table, setTable] = useState<string | undefined>(undefined);
  const [filter, setFilter] = useState('');

  const schemas = useApiQuery((signal) => databaseApi.schemas(database.id, signal), [database.id]);
  const tables = useApiQuery(
    (signal) => databaseApi.tables(database.id, schema as string, signal),
    [database.id, schema],
    { enabled: schema !== undefined },
  );

  // Start in the schema most databases keep their tables in.
  useEffect(() => {
    const names = schemas.data?.result;
    if (!names || names.length === 0 || schema !== undefined) return;
    const preferred = ['main', 'public', 'examples'].find((name) => names.includes(name));
    setSchema(preferred ?? names[0]);
  }, [schemas.data, schema]);

  const visibleTables = useMemo(() => {
    const all = tables.data?.result ?? [];
    const needle = filter.trim().toLowerCase();
    return needle ? all.filter((item) => item.value.toLowerCase().includes(needle)) : all;
  }, [tables.data, filter]);

  return (
    <Drawer
      open
      onClose={onClose}
      size={1040}
      data-testid="database-browser"
      title={
        <Flex align="center" gap={12}>
          <EngineIcon engine={database.backend ?? 'other'} size={16} />
          <div>
            <div>{database.database_name}</div>
            {database.backend && (
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                {database.backend}
              </Typography.Text>
            )}
          </div>
        </Flex>
      }
      styles={{ body: { padding: 0, display: 'flex', overflow: 'hidden' } }}
    >
      <Flex
        vertical
        gap={10}
        style={{
          width: 300,
          flex: 'none',
          padding: 16,
          borderRight: `1px solid ${token.colorBorderSecondary}`,
          overflow: 'hidden',
        }}
      >
        {schemas.error ? (
          <ErrorAlert
            error={schemas.error}
            title="Could not load schemas"
            onRetry={schemas.reload}
          />
        ) : (
          <Select
            showSearch
            placeholder="Select a schema"
            loading={schemas.loading}
            value={schema}
            onChange={(value) => {
              setSchema(value);
              setTable(undefined);
              setFilter('');
            }}
            options={(schemas.data?.result ?? []).map((name) => ({ value: name, label: name }))}
            data-testid="schema-select"
            prefix={<Typography.Text type="secondary">Schema</Typography.Text>}
          />
        )}
        <Input.Search
          placeholder="Filter tables"
          allowClear
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          data-testid="table-filter"
        />
        {tables.error && <ErrorAlert error={tables.error} compact onRetry={tables.reload} />}
        <div style={{ overflowY: 'auto', flex: 1, marginInline: -8 }}>
          {tables.loading && schema !== undefined ? (
            <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 8 }} />
          ) : (
            <div data-testid="table-list" role="listbox" aria-label="Tables">
              {visibleTables.length === 0 && (
                <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>
                  {schema ? 'No tables in this schema' : 'Pick a schema'}
                </Typography.Text>
              )}
              {visibleTables.map((item: TableListItem) => {
                const selected = item.value === table;
                return (
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    key={item.value}
                    data-testid="table-item"
                    data-table={item.value}
                    onClick={() => setTable(item.value)}
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
                    <Typography.Text ellipsis style={{ color: 'inherit' }}>
                      {item.value}
                    </Typography.Text>
                  </button>
                );
              })}
            </div>
          )}
        </div>
        {tables.data && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {tables.data.count} tables and views
          </Typography.Text>
        )}
      </Flex>
      <div style={{ flex: 1, padding: 20, overflow: 'auto', minWidth: 0 }}>
        {schema && table ? (
          <TableDetail databaseId={database.id} schema={schema} table={table} />
        ) : schemas.data && schemas.data.result.length === 0 ? (
          <EmptyState title="No schemas" description="This database has no schemas you can see." />
        ) : (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <Empty description="Select a table to see its columns" />
          </Flex>
        )}
      </div>
    </Drawer>
  );
}
