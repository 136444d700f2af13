import { SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Flex, Form, Input, Table, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { ColumnDraft } from '../../editorState.ts';
import { CertifiedIcons } from '../CertifiedIcons.tsx';
import { RowDetails } from './RowDetails.tsx';

export interface ColumnsTabProps {
  columns: ColumnDraft[];
  onChange: (key: string, patch: Partial<ColumnDraft>) => void;
  problems: Record<string, string>;
  onSync: () => void;
  syncing: boolean;
  virtual: boolean;
}

const TYPE_WIDTH = 150;

/** The dataset's columns as the source has them: labels, flags and details, never the name. */
export function ColumnsTab({
  columns,
  onChange,
  problems,
  onSync,
  syncing,
  virtual,
}: ColumnsTabProps) {
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return columns;
    return columns.filter((c) =>
      `${c.column_name} ${c.verbose_name}`.toLowerCase().includes(needle),
    );
  }, [columns, filter]);

  const flag = (field: 'is_dttm' | 'groupby' | 'filterable', label: string) => ({
    title: label,
    key: field,
    width: 96,
    align: 'center' as const,
    render: (_: unknown, column: ColumnDraft) => (
      <Checkbox
        checked={column[field]}
        onChange={(event) => onChange(column.key, { [field]: event.target.checked })}
        aria-label={`${label}: ${column.column_name}`}
        data-testid={`column-${field}`}
      />
    ),
  });

  return (
    <Flex vertical gap={12} data-testid="editor-columns">
      <Flex align="center" gap={12} justify="space-between">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search columns"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          style={{ maxWidth: 280 }}
          data-testid="columns-search"
        />
        <Tooltip
          title={
            virtual
              ? 'Runs the saved SQL and reads its columns again.'
              : 'Reads the table again: new columns are added, dropped ones removed, types updated.'
          }
        >
          <Button
            icon={<SyncOutlined spin={syncing} />}
            onClick={onSync}
            disabled={syncing}
            data-testid="columns-sync"
          >
            Sync columns from source
          </Button>
        </Tooltip>
      </Flex>
      <Table<ColumnDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={visible}
        data-testid="columns-table"
        locale={{ emptyText: filter ? 'No column matches' : 'This dataset has no columns' }}
        expandable={{
          expandedRowRender: (column) => (
            <RowDetails
              value={column}
              onChange={(patch) => onChange(column.key, patch)}
              warning={{ field: 'warning_markdown', value: column.warning_markdown }}
              testIdPrefix="column"
            >
              {column.is_dttm && (
                <Col span={24}>
                  <Form.Item
                    label="Datetime format"
                    extra="How text or numbers in this column are read as time, e.g. %Y-%m-%d or epoch_s. Leave empty for real date columns."
                  >
                    <Input
                      value={column.python_date_format}
                      placeholder="%Y-%m-%d"
                      onChange={(event) =>
                        onChange(column.key, { python_date_format: event.target.value })
                      }
                      style={{ maxWidth: 280 }}
                      data-testid="column-date-format"
                    />
                  </Form.Item>
                </Col>
              )}
            </RowDetails>
          ),
        }}
        columns={[
          {
            title: 'Column',
            key: 'column_name',
            render: (_, column) => (
              <Flex vertical gap={2} data-testid="column-row" data-column={column.column_name}>
                <Flex align="center" gap={6}>
                  <Typography.Text strong>{column.column_name}</Typography.Text>
                  <CertifiedIcons
                    certifiedBy={column.certified_by}
                    certificationDetails={column.certification_details}
                    warning={column.warning_markdown}
                    testIdPrefix="column"
                  />
                </Flex>
                {problems[column.key] && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="row-error">
                    {problems[column.key]}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: 'Type',
            key: 'type',
            width: TYPE_WIDTH,
            render: (_, column) =>
              column.type ? (
                <Typography.Text code style={{ fontSize: 12 }}>
                  {column.type}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">–</Typography.Text>
              ),
          },
          {
            title: 'Label',
            key: 'verbose_name',
            render: (_, column) => (
              <Input
                value={column.verbose_name}
                placeholder={column.column_name}
                onChange={(event) => onChange(column.key, { verbose_name: event.target.value })}
                data-testid="column-verbose-name"
                aria-label={`Label of ${column.column_name}`}
              />
            ),
          },
          flag('is_dttm', 'Temporal'),
          flag('groupby', 'Groupable'),
          flag('filterable', 'Filterable'),
        ]}
      />
    </Flex>
  );
}
