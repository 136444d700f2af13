import {
  CloseOutlined,
  CodeOutlined,
  DownOutlined,
  EyeOutlined,
  KeyOutlined,
  LinkOutlined,
  RightOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Button, Flex, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import type { SqlLabTable, SqlLabTableColumn } from '../../state/types.ts';

interface Key {
  type?: string;
  name?: string | null;
}

function keysOf(column: SqlLabTableColumn): Key[] {
  return Array.isArray(column.keys) ? (column.keys as Key[]) : [];
}

function KeyIcons({ column }: { column: SqlLabTableColumn }) {
  return (
    <>
      {keysOf(column).map((key, index) => {
        const label =
          key.type === 'pk' ? 'Primary key' : key.type === 'fk' ? 'Foreign key' : 'Index';
        return (
          <Tooltip
            key={`${key.type}-${key.name ?? index}`}
            title={key.name ? `${label} ${key.name}` : label}
          >
            <Tag
              color={key.type === 'pk' ? 'gold' : key.type === 'fk' ? 'blue' : 'default'}
              style={{ fontSize: 10, lineHeight: '16px', paddingInline: 4, marginInlineEnd: 0 }}
              data-testid="sqllab-column-key"
              data-key={key.type}
            >
              {key.type === 'pk' ? <KeyOutlined /> : key.type === 'fk' ? <LinkOutlined /> : 'idx'}
            </Tag>
          </Tooltip>
        );
      })}
    </>
  );
}

export interface TableElementProps {
  table: SqlLabTable;
  previewDisabled: boolean;
  onToggle: () => void;
  onRemove: () => void;
  onPreview: () => void;
  onSelectStar: () => void;
}

/** A table added to the tab: its columns with types and keys, its indexes, and its actions. */
export function TableElement({
  table,
  previewDisabled,
  onToggle,
  onRemove,
  onPreview,
  onSelectStar,
}: TableElementProps) {
  const { token } = theme.useToken();
  const indexes = Array.isArray(table.indexes)
    ? (table.indexes as { name: string; column_names: string[]; unique?: boolean }[])
    : [];
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
      data-testid="sqllab-table-element"
      data-table={table.name}
      data-expanded={table.expanded}
    >
      <Flex align="center" gap={4} style={{ padding: '4px 4px 4px 6px' }}>
        <Button
          type="text"
          size="small"
          icon={table.expanded ? <DownOutlined /> : <RightOutlined />}
          onClick={onToggle}
          aria-label={table.expanded ? 'Collapse' : 'Expand'}
          data-testid="sqllab-table-toggle"
        />
        <TableOutlined style={{ color: token.colorTextSecondary }} />
        <Tooltip title={[table.catalog, table.schema, table.name].filter(Boolean).join('.')}>
          <Typography.Text strong ellipsis style={{ flex: 1, fontSize: 13 }}>
            {table.name}
          </Typography.Text>
        </Tooltip>
        {table.isMetadataLoading && <Spin size="small" />}
        <Tooltip
          title={previewDisabled ? 'Data preview is disabled for this database' : 'Preview data'}
        >
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            disabled={previewDisabled || !table.selectStar}
            onClick={onPreview}
            aria-label="Preview data"
            data-testid="sqllab-table-preview"
          />
        </Tooltip>
        <Tooltip title="Put SELECT * in the editor">
          <Button
            type="text"
            size="small"
            icon={<CodeOutlined />}
            disabled={!table.selectStar}
            onClick={onSelectStar}
            aria-label="Put SELECT * in the editor"
            data-testid="sqllab-table-select-star"
          />
        </Tooltip>
        <Tooltip title="Remove the table from this tab">
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onRemove}
            aria-label="Remove table"
            data-testid="sqllab-table-remove"
          />
        </Tooltip>
      </Flex>
      {table.expanded && (
        <div style={{ padding: '0 10px 8px 12px' }} data-testid="sqllab-table-columns">
          {table.metadataError && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {table.metadataError}
            </Typography.Text>
          )}
          {(table.columns ?? []).map((column) => (
            <Flex
              key={column.name}
              align="center"
              gap={6}
              style={{ padding: '2px 0', fontSize: 12 }}
              data-testid="sqllab-column"
            >
              <Typography.Text
                ellipsis
                style={{ flex: 1, fontSize: 12 }}
                title={column.comment ?? undefined}
              >
                {column.name}
              </Typography.Text>
              <KeyIcons column={column} />
              <Typography.Text
                type="secondary"
                ellipsis
                style={{ fontSize: 11, fontFamily: token.fontFamilyCode, maxWidth: 110 }}
                title={column.longType ?? column.type ?? undefined}
                data-testid="sqllab-column-type"
              >
                {(column.type ?? '').toLowerCase()}
              </Typography.Text>
            </Flex>
          ))}
          {Array.isArray(table.extra?.partitions) && table.extra.partitions.length > 0 && (
            <div style={{ marginTop: 6, fontSize: 11 }} data-testid="sqllab-table-partitions">
              <Typography.Text type="secondary" style={{ fontSize: 11, fontWeight: 600 }}>
                Partitions
              </Typography.Text>{' '}
              <Typography.Text style={{ fontSize: 11 }}>
                {table.extra.partitions.map(String).join(', ')}
              </Typography.Text>
            </div>
          )}
          {indexes.length > 0 && (
            <div style={{ marginTop: 6 }} data-testid="sqllab-table-indexes">
              <Typography.Text type="secondary" style={{ fontSize: 11, fontWeight: 600 }}>
                Indexes
              </Typography.Text>
              {indexes.map((index) => (
                <div key={index.name} style={{ fontSize: 11 }}>
                  <Typography.Text style={{ fontSize: 11 }}>{index.name}</Typography.Text>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                    ({index.column_names.join(', ')}){index.unique ? ' unique' : ''}
                  </Typography.Text>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
