import {
  CalendarOutlined,
  CheckSquareOutlined,
  ConsoleSqlOutlined,
  EditOutlined,
  FieldBinaryOutlined,
  FieldNumberOutlined,
  FieldStringOutlined,
  FunctionOutlined,
  MoreOutlined,
  QuestionOutlined,
  SearchOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { Button, Collapse, Dropdown, Empty, Flex, Input, Tooltip, Typography } from 'antd';
import { type DragEvent, type ReactNode, useMemo, useState } from 'react';
import { CertifiedIcons } from '../../datasets/components/CertifiedIcons.tsx';
import { DATASOURCE_ITEM_MIME, type DatasourceDragItem } from '../controls/dnd.ts';

type Column = DatasourceMeta['columns'][number];
type Metric = DatasourceMeta['metrics'][number];

export interface DatasourcePanelProps {
  datasource: DatasourceMeta;
  onEditDataset?: () => void;
  onViewInSqlLab: () => void;
}

const GENERIC_ICONS: Record<number, ReactNode> = {
  0: <FieldNumberOutlined />,
  1: <FieldStringOutlined />,
  2: <CalendarOutlined />,
  3: <CheckSquareOutlined />,
};

function columnIcon(column: Column): ReactNode {
  if (column.expression) return <FunctionOutlined />;
  if (column.is_dttm) return <CalendarOutlined />;
  if (column.type_generic !== null && column.type_generic !== undefined) {
    return GENERIC_ICONS[column.type_generic] ?? <QuestionOutlined />;
  }
  return column.type ? <FieldBinaryOutlined /> : <QuestionOutlined />;
}

function startDrag(event: DragEvent, item: DatasourceDragItem) {
  event.dataTransfer.setData(DATASOURCE_ITEM_MIME, JSON.stringify(item));
  event.dataTransfer.setData('text/plain', item.name);
  event.dataTransfer.effectAllowed = 'copy';
}

function matches(search: string, ...texts: Array<string | null | undefined>): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || texts.some((text) => text?.toLowerCase().includes(needle));
}

function Item({
  label,
  title,
  icon,
  kind,
  name,
  certifiedBy,
  warning,
}: {
  label: string;
  title: string;
  icon: ReactNode;
  kind: DatasourceDragItem['type'];
  name: string;
  certifiedBy?: string | null;
  warning?: string | null;
}) {
  return (
    <Flex
      align="center"
      gap={8}
      draggable
      onDragStart={(event) => startDrag(event, { type: kind, name })}
      className="explore-datasource-item"
      data-testid={`datasource-${kind}`}
      data-name={name}
      style={{ padding: '3px 6px', cursor: 'grab', borderRadius: 4, fontSize: 13 }}
    >
      <Tooltip title={title}>
        <span style={{ color: 'var(--ant-color-text-tertiary)', width: 16 }}>{icon}</span>
      </Tooltip>
      <Typography.Text ellipsis={{ tooltip: label }} style={{ flex: 1, minWidth: 0 }}>
        {label}
      </Typography.Text>
      <CertifiedIcons
        certifiedBy={certifiedBy}
        warning={warning}
        testIdPrefix={`datasource-${kind}`}
      />
    </Flex>
  );
}

/** The dataset's columns and metrics, searchable and draggable onto the controls. */
export function DatasourcePanel({
  datasource,
  onEditDataset,
  onViewInSqlLab,
}: DatasourcePanelProps) {
  const [search, setSearch] = useState('');
  const metrics = useMemo(
    () =>
      datasource.metrics.filter((m: Metric) =>
        matches(search, m.metric_name, m.verbose_name, m.expression),
      ),
    [datasource.metrics, search],
  );
  const columns = useMemo(
    () =>
      datasource.columns.filter((c: Column) =>
        matches(search, c.column_name, c.verbose_name, c.type),
      ),
    [datasource.columns, search],
  );

  const menuItems = [
    ...(onEditDataset
      ? [
          {
            key: 'edit',
            icon: <EditOutlined />,
            label: <span data-testid="datasource-edit">Edit dataset</span>,
            onClick: onEditDataset,
          },
        ]
      : []),
    {
      key: 'sqllab',
      icon: <ConsoleSqlOutlined />,
      label: <span data-testid="datasource-view-sqllab">View in SQL Lab</span>,
      onClick: onViewInSqlLab,
    },
  ];

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="datasource-panel">
      <Flex align="center" gap={8} style={{ padding: '8px 8px 4px' }}>
        {datasource.sql ? <ConsoleSqlOutlined /> : <TableOutlined />}
        <Typography.Text
          strong
          ellipsis={{ tooltip: datasource.name }}
          style={{ flex: 1 }}
          data-testid="datasource-name"
        >
          {datasource.name}
        </Typography.Text>
        <Dropdown menu={{ items: menuItems }} trigger={['click']}>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label="Dataset actions"
            data-testid="datasource-menu"
          />
        </Dropdown>
      </Flex>
      <div style={{ padding: '4px 8px' }}>
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder="Search metrics & columns"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="datasource-search"
        />
      </div>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Collapse
          ghost
          size="small"
          defaultActiveKey={['metrics', 'columns']}
          items={[
            {
              key: 'metrics',
              label: `Metrics (${metrics.length} of ${datasource.metrics.length})`,
              children: metrics.length ? (
                metrics.map((m) => (
                  <Item
                    key={m.metric_name}
                    kind="metric"
                    name={m.metric_name}
                    label={m.verbose_name || m.metric_name}
                    title={m.expression}
                    icon={<FunctionOutlined />}
                    certifiedBy={m.certified_by}
                    warning={m.warning_markdown}
                  />
                ))
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No metrics" />
              ),
            },
            {
              key: 'columns',
              label: `Columns (${columns.length} of ${datasource.columns.length})`,
              children: columns.length ? (
                columns.map((c) => (
                  <Item
                    key={c.column_name}
                    kind="column"
                    name={c.column_name}
                    label={c.verbose_name || c.column_name}
                    title={c.expression || c.type || 'Unknown type'}
                    icon={columnIcon(c)}
                    certifiedBy={c.certified_by}
                    warning={c.warning_markdown}
                  />
                ))
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No columns" />
              ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
