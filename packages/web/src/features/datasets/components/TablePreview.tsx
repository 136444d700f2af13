import { KeyOutlined } from '@ant-design/icons';
import type { TableColumn } from '@tessera/shared/api/databases';
import { Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { datasetApi } from '../datasetApi.ts';

export interface TablePreviewProps {
  database: number;
  schema: string;
  table: string;
}

const GENERIC = ['Number', 'Text', 'Time', 'Boolean'];
const GENERIC_COLORS = ['blue', 'green', 'orange', 'purple'];

/** The columns of the picked table, as the dataset will start with them. */
export function TablePreview({ database, schema, table }: TablePreviewProps) {
  const metadata = useApiQuery(
    (signal) => datasetApi.tableMetadata(database, { name: table, schema }, signal),
    [database, schema, table],
  );
  if (metadata.error) {
    return (
      <ErrorAlert
        error={metadata.error}
        title={`Could not read ${table}`}
        onRetry={metadata.reload}
      />
    );
  }
  if (metadata.loading || !metadata.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = metadata.data;
  return (
    <Flex vertical gap={12} data-testid="add-table-preview">
      <Flex align="baseline" gap={10} wrap>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="add-preview-name">
          {schema}.{data.name}
        </Typography.Title>
        <Tag bordered={false}>{data.type.replace('_', ' ')}</Tag>
        <Typography.Text type="secondary">{data.columns.length} columns</Typography.Text>
      </Flex>
      {data.comment && <Typography.Text type="secondary">{data.comment}</Typography.Text>}
      <Table<TableColumn>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={data.columns}
        data-testid="add-preview-columns"
        columns={[
          {
            title: 'Column',
            dataIndex: 'name',
            render: (name: string, column) => (
              <Flex align="center" gap={6}>
                {column.keys.some((k) => k.type === 'pk') && (
                  <KeyOutlined style={{ color: '#d4a106' }} aria-label="primary key" />
                )}
                <Typography.Text strong data-testid="add-preview-column">
                  {name}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: 'Type',
            dataIndex: 'longType',
            render: (longType: string, column) => (
              <Typography.Text code style={{ fontSize: 12 }}>
                {longType || column.type}
              </Typography.Text>
            ),
          },
          {
            title: 'Kind',
            dataIndex: 'type_generic',
            width: 110,
            render: (generic: number) =>
              GENERIC[generic] ? (
                <Tag color={GENERIC_COLORS[generic]} bordered={false}>
                  {GENERIC[generic]}
                </Tag>
              ) : null,
          },
          {
            title: 'Nullable',
            dataIndex: 'nullable',
            width: 90,
            render: (nullable: boolean) => (nullable ? 'yes' : 'no'),
          },
        ]}
      />
    </Flex>
  );
}
