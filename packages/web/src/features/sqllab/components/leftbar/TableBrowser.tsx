import { EyeOutlined, PlusOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import type { TableListItem } from '@tessera/shared/api/databases';
import { Flex, Input, Skeleton, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { leftBarApi } from './leftBarApi.ts';

/** More than this many matches are cut (type to narrow): the list stays quick on huge schemas. */
const MAX_SHOWN = 400;

export interface TableBrowserProps {
  dbId: number;
  catalog: string | null;
  schema: string;
  refreshToken: number;
  /** Names of the tables already in the tab (shown as added). */
  added: ReadonlySet<string>;
  onAdd: (table: string) => void;
}

/** The tables and views of the tab's schema, searchable; a click adds one to the tab. */
export function TableBrowser({
  dbId,
  catalog,
  schema,
  refreshToken,
  added,
  onAdd,
}: TableBrowserProps) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const tables = useApiQuery(
    (signal) => leftBarApi.tables(dbId, schema, catalog, refreshToken > 0, signal),
    [dbId, schema, catalog, refreshToken],
  );
  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = tables.data?.result ?? [];
    return needle ? all.filter((item) => item.value.toLowerCase().includes(needle)) : all;
  }, [tables.data, search]);

  return (
    <Flex vertical gap={6} style={{ minHeight: 0 }} data-testid="sqllab-table-browser">
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={`Search tables in ${schema}`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="sqllab-table-search"
      />
      {tables.error && <ErrorAlert error={tables.error} compact onRetry={tables.reload} />}
      {tables.loading ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <div
          role="listbox"
          aria-label="Tables"
          style={{ maxHeight: 220, overflowY: 'auto', marginInline: -4 }}
          data-testid="sqllab-table-list"
        >
          {matches.length === 0 && (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', padding: 6, fontSize: 12 }}
            >
              {search ? 'No table matches' : 'No tables in this schema'}
            </Typography.Text>
          )}
          {matches.slice(0, MAX_SHOWN).map((item: TableListItem) => {
            const isAdded = added.has(item.value);
            return (
              <button
                type="button"
                role="option"
                aria-selected={isAdded}
                key={item.value}
                className="sqllab-leftbar-item"
                onClick={() => onAdd(item.value)}
                data-testid="sqllab-table-option"
                data-table={item.value}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  width: '100%',
                  padding: '4px 6px',
                  border: 'none',
                  borderRadius: token.borderRadiusSM,
                  background: 'transparent',
                  color: isAdded ? token.colorPrimary : token.colorText,
                  cursor: 'pointer',
                  font: 'inherit',
                  fontSize: 13,
                  textAlign: 'left',
                }}
              >
                {item.type === 'table' ? <TableOutlined /> : <EyeOutlined />}
                <Typography.Text ellipsis style={{ color: 'inherit', flex: 1 }}>
                  {item.value}
                </Typography.Text>
                <Tooltip title={isAdded ? 'Shown below' : 'Add to this tab'}>
                  <PlusOutlined style={{ fontSize: 11, opacity: isAdded ? 0.3 : 0.6 }} />
                </Tooltip>
              </button>
            );
          })}
          {matches.length > MAX_SHOWN && (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', padding: 6, fontSize: 12 }}
            >
              {matches.length - MAX_SHOWN} more: type to narrow the list
            </Typography.Text>
          )}
        </div>
      )}
      {tables.data && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }} data-testid="sqllab-table-count">
          {tables.data.count} tables and views
        </Typography.Text>
      )}
    </Flex>
  );
}
