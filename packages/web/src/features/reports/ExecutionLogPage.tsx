import {
  ArrowLeftOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { hasPermission } from '@tessera/shared/permissions';
import type { ReportLogRow } from '@tessera/shared/reports/schemas';
import { Button, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatStamp, ReportStateTag } from './components/ReportState.tsx';
import { scheduleInWords } from './crontab.ts';
import { REPORT_MESSAGES } from './messages.ts';
import { LIST_PATHS } from './ReportsListPage.tsx';
import { reportsApi } from './reportsApi.ts';

/** How often the log is read again while a run is Working. */
export const LOG_POLL_MS = 2000;

function duration(row: ReportLogRow): string {
  if (!row.start_dttm || !row.end_dttm) return '–';
  const ms = dayjs(row.end_dttm).diff(dayjs(row.start_dttm));
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** `/report/{id}/log/` and `/alert/{id}/log/`: every run of one report, newest first. */
export function ExecutionLogPage() {
  const { id: idText } = useParams();
  // Digits only: `1e3` or ` 7` is no id, whatever Number() makes of it.
  const id = /^\d{1,10}$/.test(idText ?? '') ? Number(idText) : 0;
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const { addSuccessToast, addDangerToast } = useToasts();
  const [reloadToken, setReloadToken] = useState(0);
  const [running, setRunning] = useState(false);
  // Whether the newest rows include a run still Working: the log then reads itself again.
  const [working, setWorking] = useState(false);
  const valid = id > 0 && id <= 2_147_483_647;
  const report = useApiQuery((signal) => reportsApi.get(id, signal), [id], { enabled: valid });
  const item = report.data?.result;
  usePageTitle(item ? `${item.name}: execution log` : 'Execution log');
  const canWrite = hasPermission(user, 'can_write', 'ReportSchedule');

  const load = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const answer = await reportsApi.log(
        id,
        {
          page: params.page,
          page_size: params.pageSize,
          order_column: params.sortField ?? 'start_dttm',
          order_direction: params.sortOrder ?? 'desc',
        },
        signal,
      );
      const rows = answer.result as unknown as ReportLogRow[];
      setWorking(rows.some((r) => r.state === 'Working'));
      // The log has no text search on the server: the box filters the page shown.
      const needle = params.search.toLowerCase();
      const shown = needle
        ? rows.filter((r) => `${r.state} ${r.error_message ?? ''}`.toLowerCase().includes(needle))
        : rows;
      return { count: needle ? shown.length : answer.count, result: shown };
    },
    [id],
  );

  useEffect(() => {
    if (!working && !running) return;
    const timer = setInterval(() => setReloadToken((n) => n + 1), LOG_POLL_MS);
    return () => clearInterval(timer);
  }, [working, running]);

  const runNow = async () => {
    if (!item) return;
    try {
      await reportsApi.runNow(item.id);
      addSuccessToast(REPORT_MESSAGES.runQueued(item.name));
      setRunning(true);
      // Reading on until the queued run has a row that is no longer Working.
      setTimeout(() => setRunning(false), 60_000);
      setReloadToken((n) => n + 1);
    } catch (failure) {
      addDangerToast(`${REPORT_MESSAGES.runFailed}: ${errorMessage(failure)}`);
    }
  };

  const columns = useMemo<TableColumnsType<ReportLogRow>>(
    () => [
      {
        title: 'State',
        dataIndex: 'state',
        key: 'state',
        render: (_: unknown, row) => <ReportStateTag state={row.state} testId="log-row-state" />,
      },
      {
        title: 'Scheduled at',
        dataIndex: 'scheduled_dttm',
        key: 'scheduled_dttm',
        sorter: true,
        render: formatStamp,
      },
      {
        title: 'Start at',
        dataIndex: 'start_dttm',
        key: 'start_dttm',
        sorter: true,
        render: formatStamp,
      },
      { title: 'Duration', key: 'duration', render: (_: unknown, row) => duration(row) },
      {
        title: 'Value',
        dataIndex: 'value',
        key: 'value',
        render: (value: number | null) => (value === null ? '–' : String(value)),
      },
      {
        title: 'Error message',
        dataIndex: 'error_message',
        key: 'error_message',
        render: (message: string | null) =>
          message ? (
            <Typography.Text
              type="danger"
              ellipsis={{ tooltip: message }}
              style={{ maxWidth: 420 }}
              data-testid="log-row-error"
            >
              {message}
            </Typography.Text>
          ) : (
            '–'
          ),
      },
    ],
    [],
  );

  if (!hasPermission(user, 'can_read', 'ReportSchedule'))
    return <Forbidden what="alerts and reports" />;

  const back = item ? LIST_PATHS[item.type] : LIST_PATHS.Report;
  return (
    <div data-testid="report-log-page">
      <PageHeader
        title={item?.name ?? 'Execution log'}
        icon={<ProfileOutlined />}
        subtitle={
          item && (
            <Flex gap={8} align="center" wrap>
              <Tag bordered={false}>{item.type}</Tag>
              <span data-testid="report-log-schedule">
                {scheduleInWords(item.crontab)} ({item.timezone})
              </span>
              {!item.active && <Tag>Inactive</Tag>}
            </Flex>
          )
        }
        actions={
          <Flex gap={8}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
              Back to all
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => setReloadToken((n) => n + 1)}
              data-testid="report-log-refresh"
            >
              Refresh
            </Button>
            {canWrite && item && (
              <Button
                type="primary"
                icon={<PlayCircleOutlined />}
                onClick={() => void runNow()}
                data-testid="report-log-run"
              >
                Run now
              </Button>
            )}
          </Flex>
        }
      />
      {!valid && <ErrorAlert error={{ error: 'Not found', status: 404 }} />}
      {report.error && <ErrorAlert error={report.error} testId="report-log-error" />}
      {valid && !report.error && (
        <ListView<ReportLogRow>
          testId="report-log"
          rowKey="id"
          columns={columns}
          load={load}
          reloadToken={reloadToken}
          searchPlaceholder="Filter by state or error"
          errorTitle="Could not load the execution log"
          defaultSort={{ field: 'start_dttm', order: 'desc' }}
        />
      )}
    </div>
  );
}
