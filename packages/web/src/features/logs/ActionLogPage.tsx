import { FileSearchOutlined } from '@ant-design/icons';
import type { LogItem } from '@tessera/shared/api/logs';
import { isAdmin } from '@tessera/shared/permissions';
import {
  Button,
  DatePicker,
  Modal,
  Select,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/store.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useListPage } from '../../components/useListPage.ts';
import { type ActionLogFilters, eventNameOf, logsApi } from './logsApi.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function pretty(json: string | null): string {
  if (!json) return '';
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

/** `/logmodelview/list/`: what every user did and what failed, newest first (admins only). */
export function ActionLogPage() {
  usePageTitle('Action log');
  const user = useAppSelector((state) => state.session.user);
  const admin = isAdmin(user);
  const { token } = theme.useToken();
  const [filters, setFilters] = useState<ActionLogFilters>({});
  const page = useListPage<LogItem>();
  const users = useApiQuery((signal) => logsApi.users(signal), [], { enabled: admin });

  const load = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const answer = await logsApi.list(params, filters, signal);
      return { count: answer.count, result: answer.result };
    },
    [filters],
  );

  const columns = useMemo<TableColumnsType<LogItem>>(
    () => [
      {
        title: 'Time',
        dataIndex: 'dttm',
        key: 'dttm',
        sorter: true,
        width: 200,
        render: (dttm: string) => (
          <span style={{ whiteSpace: 'nowrap' }}>{timeFormat.format(new Date(dttm))}</span>
        ),
      },
      {
        title: 'User',
        key: 'user',
        width: 140,
        render: (_: unknown, row) => row.user?.username ?? '–',
      },
      {
        title: 'Action',
        dataIndex: 'action',
        key: 'action',
        sorter: true,
        render: (action: string) => (
          <Tag color={action.endsWith('_failed') ? 'error' : undefined} data-testid="log-action">
            {action}
          </Tag>
        ),
      },
      {
        title: 'Event',
        key: 'event',
        render: (_: unknown, row) => (
          <Typography.Text code data-testid="log-event-name">
            {eventNameOf(row.json) ?? '–'}
          </Typography.Text>
        ),
      },
      {
        title: 'Dashboard',
        dataIndex: 'dashboard_id',
        key: 'dashboard_id',
        width: 110,
        render: (id: number | null) => id ?? '–',
      },
      {
        title: 'Chart',
        dataIndex: 'slice_id',
        key: 'slice_id',
        width: 90,
        render: (id: number | null) => id ?? '–',
      },
      {
        title: 'Duration',
        dataIndex: 'duration_ms',
        key: 'duration_ms',
        sorter: true,
        align: 'right',
        width: 110,
        render: (ms: number | null) => (ms === null ? '–' : `${ms} ms`),
      },
      {
        title: 'Details',
        key: 'details',
        align: 'right',
        width: 100,
        render: (_: unknown, row) => (
          <Button
            size="small"
            type="link"
            onClick={() => page.openModal(row)}
            data-testid="log-details"
          >
            View
          </Button>
        ),
      },
    ],
    [page.openModal],
  );

  if (!admin) return <Forbidden what="the action log" />;

  const filterBar = (
    <>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="User"
        style={{ width: 180 }}
        loading={users.loading}
        value={filters.userId}
        onChange={(userId?: number) => setFilters((f) => ({ ...f, userId }))}
        options={users.data ?? []}
        data-testid="log-filter-user"
      />
      <DatePicker.RangePicker
        showTime
        allowEmpty={[true, true]}
        onChange={(range) =>
          setFilters((f) => ({
            ...f,
            after: range?.[0]?.toISOString(),
            before: range?.[1]?.toISOString(),
          }))
        }
        data-testid="log-filter-time"
      />
    </>
  );

  const shown = page.modalState;
  return (
    <div data-testid="action-log-page">
      <PageHeader
        title="Action log"
        subtitle="What people opened and did, and the queries that failed. Old entries are pruned after the configured number of days."
        icon={<FileSearchOutlined />}
      />
      <ListView<LogItem>
        testId="action-log-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={page.reloadToken}
        resetKey={JSON.stringify(filters)}
        searchPlaceholder="Search actions"
        errorTitle="Could not load the action log"
        defaultSort={{ field: 'dttm', order: 'desc' }}
        toolbar={filterBar}
        empty={
          !Object.values(filters).some((value) => value !== undefined) && (
            <EmptyState
              testId="action-log-empty"
              title="Nothing logged yet"
              description="Dashboards, charts and SQL Lab pages people open are listed here."
            />
          )
        }
      />
      <Modal
        open={shown !== null}
        title={shown ? `${shown.action} · ${timeFormat.format(new Date(shown.dttm))}` : ''}
        onCancel={page.closeModal}
        footer={null}
        width={640}
        data-testid="log-details-modal"
      >
        <pre
          style={{
            margin: 0,
            maxHeight: 420,
            overflow: 'auto',
            fontFamily: token.fontFamilyCode,
            fontSize: 12,
          }}
        >
          {pretty(shown?.json ?? null)}
        </pre>
        {shown?.referrer && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            From {shown.referrer}
          </Typography.Paragraph>
        )}
      </Modal>
    </div>
  );
}
