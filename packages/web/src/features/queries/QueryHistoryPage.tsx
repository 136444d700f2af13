import {
  ConsoleSqlOutlined,
  EyeOutlined,
  HistoryOutlined,
  LinkOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { QUERY_STATES, type QueryListItem } from '@tessera/shared/api/sqllab';
import { hasPermission, isAdmin } from '@tessera/shared/permissions';
import {
  Button,
  Flex,
  Popover,
  Select,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { copyToClipboard } from '../../components/DataGrid/copy.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { HistoryResultsModal } from './HistoryResultsModal.tsx';
import { editorLink, type HistoryFilters, queryHistoryApi } from './queryHistoryApi.ts';
import { RunStateTag, stateLabel } from './RunStateTag.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const countFormat = new Intl.NumberFormat('en-US');

function duration(row: QueryListItem): string {
  if (row.start_time === null || row.end_time === null) return '–';
  const ms = Math.max(0, row.end_time - row.start_time);
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function SqlPreview({ sql }: { sql: string }) {
  const { token } = theme.useToken();
  return (
    <Popover
      placement="bottomLeft"
      content={
        <pre
          style={{
            margin: 0,
            maxWidth: 560,
            maxHeight: 320,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            fontFamily: token.fontFamilyCode,
            fontSize: 12,
          }}
          data-testid="history-sql-full"
        >
          {sql}
        </pre>
      }
    >
      <Typography.Text
        code
        ellipsis
        style={{ maxWidth: 360, fontSize: 12, display: 'inline-block' }}
        data-testid="history-sql"
      >
        {sql.replace(/\s+/g, ' ')}
      </Typography.Text>
    </Popover>
  );
}

/** `/sqllab/history/`: past runs (one's own, everyone's for admins), searchable and filterable. */
export function QueryHistoryPage() {
  usePageTitle('Query history');
  const user = useAppSelector((state) => state.session.user);
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [viewing, setViewing] = useState<number | null>(null);
  const admin = isAdmin(user);
  const allowed = hasPermission(user, 'can_read', 'Query');

  const databases = useApiQuery((signal) => queryHistoryApi.databases(signal), [], {
    enabled: allowed,
  });
  const users = useApiQuery((signal) => queryHistoryApi.users(signal), [], {
    enabled: allowed && admin,
  });

  const load = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const answer = await queryHistoryApi.list(params, filters, signal);
      return { count: answer.count, result: answer.result };
    },
    [filters],
  );

  const columns = useMemo<TableColumnsType<QueryListItem>>(() => {
    const list: TableColumnsType<QueryListItem> = [
      {
        title: 'State',
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 110,
        render: (status: string, row) => <RunStateTag id={row.id} status={status} />,
      },
      {
        title: 'Started',
        dataIndex: 'start_time',
        key: 'start_time',
        sorter: true,
        width: 180,
        render: (start: number | null, row) => (
          <Flex vertical>
            <span style={{ whiteSpace: 'nowrap' }}>
              {start === null ? '–' : timeFormat.format(new Date(start))}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {duration(row)}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Tab',
        dataIndex: 'tab_name',
        key: 'tab_name',
        sorter: true,
        render: (tab: string | null) => tab ?? '–',
      },
      {
        title: 'Database',
        dataIndex: ['database', 'database_name'],
        key: 'database.database_name',
        sorter: true,
        render: (name: string | null, row) => (
          <Flex vertical>
            <span>{name ?? '–'}</span>
            {row.schema && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[row.catalog, row.schema].filter(Boolean).join('.')}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        title: 'Tables',
        key: 'sql_tables',
        render: (_: unknown, row) =>
          row.sql_tables.length === 0 ? (
            '–'
          ) : (
            <Flex gap={4} wrap>
              {row.sql_tables.slice(0, 3).map((t) => (
                <Tag key={`${t.schema}.${t.table}`} icon={<TableOutlined />}>
                  {t.table}
                </Tag>
              ))}
              {row.sql_tables.length > 3 && <Tag>+{row.sql_tables.length - 3}</Tag>}
            </Flex>
          ),
      },
      {
        title: 'Rows',
        dataIndex: 'rows',
        key: 'rows',
        sorter: true,
        align: 'right',
        render: (rows: number | null) => (rows === null ? '–' : countFormat.format(rows)),
      },
      {
        title: 'SQL',
        dataIndex: 'sql',
        key: 'sql',
        render: (sql: string) => <SqlPreview sql={sql} />,
      },
    ];
    if (admin) {
      list.splice(4, 0, {
        title: 'User',
        key: 'user.first_name',
        sorter: true,
        render: (_: unknown, row) => `${row.user.first_name} ${row.user.last_name}`.trim() || '–',
      });
    }
    list.push({
      title: 'Actions',
      key: 'actions',
      align: 'right',
      // Kept in view however wide the SQL and table tags make the rows.
      fixed: 'right',
      width: 128,
      render: (_: unknown, row) => (
        <Flex gap={2} justify="flex-end" data-testid="history-row-actions">
          <Tooltip title="Open in SQL Lab">
            <Button
              type="text"
              icon={<ConsoleSqlOutlined />}
              onClick={() => navigate(`/sqllab/?queryId=${row.id}`)}
              aria-label="Open in SQL Lab"
              data-testid="history-open"
            />
          </Tooltip>
          <Tooltip title="Copy a link to this query">
            <Button
              type="text"
              icon={<LinkOutlined />}
              onClick={() =>
                copyToClipboard(editorLink(row.id)).then(
                  () => addSuccessToast('Link copied to the clipboard'),
                  (error: Error) => addDangerToast(error.message),
                )
              }
              aria-label="Copy link"
              data-testid="history-copy-link"
            />
          </Tooltip>
          <Tooltip
            title={row.status === 'success' ? 'View results' : 'Only successful runs have results'}
          >
            <Button
              type="text"
              icon={<EyeOutlined />}
              disabled={row.status !== 'success'}
              onClick={() => setViewing(row.id)}
              aria-label="View results"
              data-testid="history-view-results"
            />
          </Tooltip>
        </Flex>
      ),
    });
    return list;
  }, [admin, navigate, addSuccessToast, addDangerToast]);

  if (!allowed) return <Forbidden what="the query history" />;

  const filterBar = (
    <>
      <Select
        allowClear
        placeholder="Database"
        style={{ width: 180 }}
        loading={databases.loading}
        value={filters.databaseId}
        onChange={(databaseId?: number) => setFilters((f) => ({ ...f, databaseId }))}
        options={(databases.data ?? []).map((db) => ({ value: db.id, label: db.name }))}
        data-testid="history-filter-database"
      />
      <Select
        allowClear
        placeholder="State"
        style={{ width: 140 }}
        value={filters.status}
        onChange={(status?: string) => setFilters((f) => ({ ...f, status }))}
        options={QUERY_STATES.map((state) => ({ value: state, label: stateLabel(state) }))}
        data-testid="history-filter-state"
      />
      {admin && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="User"
          style={{ width: 180 }}
          loading={users.loading}
          value={filters.userId}
          onChange={(userId?: number) => setFilters((f) => ({ ...f, userId }))}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          data-testid="history-filter-user"
        />
      )}
    </>
  );

  return (
    <div data-testid="query-history-page">
      <PageHeader
        title="Query history"
        subtitle={
          admin
            ? 'Every query run in SQL Lab. Open one in the editor, share it, or look at its results again.'
            : 'The queries you ran in SQL Lab. Open one in the editor, share it, or look at its results again.'
        }
        icon={<HistoryOutlined />}
      />
      <ListView<QueryListItem>
        testId="query-history-list"
        rowKey="id"
        columns={columns}
        load={load}
        resetKey={JSON.stringify(filters)}
        searchPlaceholder="Search SQL"
        errorTitle="Could not load the query history"
        defaultSort={{ field: 'start_time', order: 'desc' }}
        toolbar={filterBar}
        empty={
          !Object.values(filters).some((value) => value !== undefined) && (
            <EmptyState
              testId="query-history-empty"
              title="No queries yet"
              description="Queries you run in SQL Lab are listed here."
              action={
                <Button type="primary" onClick={() => navigate('/sqllab/')}>
                  Open SQL Lab
                </Button>
              }
            />
          )
        }
      />
      {viewing !== null && (
        <HistoryResultsModal queryId={viewing} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}
