import {
  ApiOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ProfileOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import { hasPermission } from '@tessera/shared/permissions';
import type { ReportListRow, ReportType } from '@tessera/shared/reports/schemas';
import { App, Button, Flex, Switch, type TableColumnsType, Tabs, Tooltip, Typography } from 'antd';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { deleteConfirmation } from '../../components/lists/deleteConfirmation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type RowAction, RowActions } from '../../components/RowActions.tsx';
import { ReportModal } from './components/ReportModal.tsx';
import { ReportStateTag } from './components/ReportState.tsx';
import { scheduleInWords } from './crontab.ts';
import { REPORT_MESSAGES } from './messages.ts';
import { reportsApi } from './reportsApi.ts';

type ModalState = { mode: 'create' } | { mode: 'edit'; id: number } | null;

/** The list's address of each tab, Superset's. */
export const LIST_PATHS: Record<ReportType, string> = {
  Alert: '/alert/list/',
  Report: '/report/list/',
};
export const logPath = (type: ReportType, id: number) =>
  `/${type === 'Alert' ? 'alert' : 'report'}/${id}/log/`;

const person = (p: { first_name: string; last_name: string } | null | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : '–';

/** `/alert/list/` and `/report/list/`: the alerts and reports the user may see, with their last run. */
export function ReportsListPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const type: ReportType = location.pathname.startsWith('/alert') ? 'Alert' : 'Report';
  usePageTitle('Alerts & reports');
  const user = useAppSelector((state) => state.session.user);
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [modalState, setModalState] = useState<ModalState>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const [selected, setSelected] = useState<Key[]>([]);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  const canRead = hasPermission(user, 'can_read', 'ReportSchedule');
  const canWrite = hasPermission(user, 'can_write', 'ReportSchedule');
  const noun = type === 'Alert' ? 'alert' : 'report';

  const load = useCallback(
    (params: ListParams, signal: AbortSignal) =>
      reportsApi.list(
        {
          page: params.page,
          page_size: params.pageSize,
          order_column: params.sortField ?? 'name',
          order_direction: params.sortOrder ?? 'asc',
          filters: [
            { col: 'type', opr: 'eq', value: type },
            ...(params.search ? [{ col: 'name', opr: 'ct', value: params.search }] : []),
          ],
        },
        signal,
      ),
    [type],
  );

  const toggle = useCallback(
    async (row: ReportListRow, active: boolean) => {
      try {
        await reportsApi.setActive(row.id, active);
      } catch {
        addDangerToast(REPORT_MESSAGES.toggleFailed);
      }
      reload();
    },
    [addDangerToast, reload],
  );

  const runNow = useCallback(
    async (row: ReportListRow) => {
      try {
        await reportsApi.runNow(row.id);
        addSuccessToast(REPORT_MESSAGES.runQueued(row.name));
        navigate(logPath(row.type, row.id));
      } catch (failure) {
        addDangerToast(`${REPORT_MESSAGES.runFailed}: ${errorMessage(failure)}`);
      }
    },
    [addSuccessToast, addDangerToast, navigate],
  );

  const confirmDelete = useCallback(
    (rows: Array<{ id: number; name: string }>, bulk = false) => {
      const single = !bulk && rows.length === 1;
      const many = `${rows.length} ${rows.length === 1 ? noun : `${noun}s`}`;
      modal.confirm(
        deleteConfirmation({
          title: single ? `Delete "${rows[0].name}"?` : `Delete ${many}?`,
          content: `The schedule stops and its execution log is removed. This cannot be undone.`,
          onConfirm: async () => {
            try {
              if (single) await reportsApi.remove(rows[0].id);
              else await reportsApi.removeMany(rows.map((r) => r.id));
              addSuccessToast(
                single
                  ? REPORT_MESSAGES.deleted(rows[0].name)
                  : REPORT_MESSAGES.deletedMany(rows.length, rows.length === 1 ? noun : `${noun}s`),
              );
              setSelected([]);
              reload();
            } catch {
              addDangerToast(REPORT_MESSAGES.deleteFailed);
            }
          },
        }),
      );
    },
    [modal, noun, addSuccessToast, addDangerToast, reload],
  );

  const columns = useMemo<TableColumnsType<ReportListRow>>(
    () => [
      {
        title: 'Last run',
        dataIndex: 'last_state',
        key: 'last_state',
        sorter: true,
        render: (_: unknown, row) => (
          <ReportStateTag state={row.last_state} at={row.last_eval_dttm} />
        ),
      },
      {
        title: 'Name',
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        render: (name: string, row) => (
          <Flex vertical style={{ minWidth: 160, maxWidth: 280 }}>
            <Typography.Link
              strong
              ellipsis
              title={name}
              onClick={() => navigate(logPath(row.type, row.id))}
              data-testid="report-row-name"
            >
              {name}
            </Typography.Link>
            {row.description && (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 280 }}>
                {row.description}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        title: 'Schedule',
        dataIndex: 'crontab',
        key: 'crontab',
        render: (crontab: string, row) => (
          <Tooltip title={`${crontab} (${row.timezone})`}>
            <span data-testid="report-row-schedule">{scheduleInWords(crontab)}</span>
          </Tooltip>
        ),
      },
      {
        title: 'Notification',
        key: 'recipients',
        render: (_: unknown, row) => (
          <Flex gap={8} data-testid="report-row-recipients">
            {row.recipients.some((r) => r.type === 'Email') && (
              <Tooltip title="Email">
                <MailOutlined aria-label="Email" />
              </Tooltip>
            )}
            {row.recipients.some((r) => r.type === 'Webhook') && (
              <Tooltip title="Webhook">
                <ApiOutlined aria-label="Webhook" />
              </Tooltip>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.report_format}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Owners',
        key: 'owners',
        render: (_: unknown, row) => (
          <Tooltip title={row.created_by ? `Created by ${person(row.created_by)}` : undefined}>
            <span data-testid="report-row-owners">{row.owners.map(person).join(', ') || '–'}</span>
          </Tooltip>
        ),
      },
      {
        title: 'Last modified',
        dataIndex: 'changed_on_delta_humanized',
        key: 'changed_on_delta_humanized',
        sorter: true,
      },
      {
        title: 'Active',
        dataIndex: 'active',
        key: 'active',
        sorter: true,
        render: (active: boolean, row) => (
          <Switch
            size="small"
            checked={active}
            disabled={!canWrite}
            onChange={(next) => void toggle(row, next)}
            aria-label={active ? 'Deactivate' : 'Activate'}
            data-testid="report-row-active"
          />
        ),
      },
      {
        title: 'Actions',
        key: 'actions',
        align: 'right',
        render: (_: unknown, row) => {
          const log: RowAction = {
            label: 'Execution log',
            icon: <ProfileOutlined />,
            testId: 'report-row-log',
            onClick: () => navigate(logPath(row.type, row.id)),
          };
          const writes: RowAction[] = [
            {
              label: 'Run now',
              icon: <PlayCircleOutlined />,
              testId: 'report-row-run',
              onClick: () => void runNow(row),
            },
            {
              label: 'Edit',
              icon: <EditOutlined />,
              testId: 'report-row-edit',
              onClick: () => setModalState({ mode: 'edit', id: row.id }),
            },
            {
              label: 'Delete',
              icon: <DeleteOutlined />,
              testId: 'report-row-delete',
              danger: true,
              onClick: () => confirmDelete([row]),
            },
          ];
          return <RowActions actions={canWrite ? [log, ...writes] : [log]} />;
        },
      },
    ],
    [navigate, canWrite, toggle, runNow, confirmDelete],
  );

  if (!canRead) return <Forbidden what="alerts and reports" />;

  const addButton = canWrite && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setModalState({ mode: 'create' })}
      data-testid="report-add"
    >
      {type === 'Alert' ? 'Alert' : 'Report'}
    </Button>
  );

  return (
    <div data-testid="reports-list-page" data-type={type}>
      <PageHeader
        title="Alerts & reports"
        subtitle="Alerts fire when a query's answer crosses a line; reports send a chart or dashboard on a schedule."
        icon={<ScheduleOutlined />}
        actions={addButton}
      />
      <Tabs
        activeKey={type}
        onChange={(key) => {
          setSelected([]);
          navigate(LIST_PATHS[key as ReportType]);
        }}
        items={[
          { key: 'Alert', label: <span data-testid="reports-tab-alerts">Alerts</span> },
          { key: 'Report', label: <span data-testid="reports-tab-reports">Reports</span> },
        ]}
      />
      <ListView<ReportListRow>
        testId="reports-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        resetKey={type}
        searchPlaceholder={`Search ${noun}s`}
        errorTitle={`Could not load the ${noun}s`}
        defaultSort={{ field: 'name', order: 'asc' }}
        rowSelection={
          canWrite
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }
            : undefined
        }
        toolbar={
          selected.length > 0 && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete(
                  selected.map((id) => ({ id: Number(id), name: String(id) })),
                  true,
                )
              }
              data-testid="reports-bulk-delete"
            >
              Delete {selected.length} selected
            </Button>
          )
        }
        empty={
          <EmptyState
            testId="reports-empty"
            title={type === 'Alert' ? 'No alerts yet' : 'No reports yet'}
            description={
              type === 'Alert'
                ? 'An alert runs a query on a schedule and notifies its recipients when the answer meets its condition.'
                : "A report sends a dashboard or a chart to its recipients on a schedule. Set one up here or from a dashboard's menu."
            }
            action={addButton || undefined}
          />
        }
      />
      {modalState && (
        <ReportModal
          reportId={modalState.mode === 'edit' ? modalState.id : undefined}
          type={type}
          creationMethod="alerts_reports"
          onClose={() => setModalState(null)}
          onSaved={() => {
            setModalState(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
