import {
  DashboardOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  StarFilled,
  StarOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { DashboardListRow } from '@tessera/shared/api/dashboards';
import { canEditDashboard } from '@tessera/shared/dashboard/permissions';
import { hasPermission } from '@tessera/shared/permissions';
import { App, Button, Flex, type TableColumnsType, Tag, Tooltip, Typography, Upload } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, errorMessage } from '../../app/api.ts';
import { selectCommon, useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { BulkSelectBar } from '../../components/BulkSelectBar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { LastModified } from '../../components/LastModified.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CertifiedIcons } from '../datasets/components/CertifiedIcons.tsx';
import { OwnerAvatars } from '../datasets/components/OwnerAvatars.tsx';
import { saveBlob } from '../explore/exportChart.ts';
import { DashboardFilterBar } from './DashboardFilterBar.tsx';
import { dashboardApi, importDashboards } from './dashboardApi.ts';
import { type DashboardFilters, dashboardFiltersKey, dashboardListQuery } from './listQuery.ts';
import { FAVORITE_ERROR, FAVORITE_STATUS_ERROR } from './state/thunks.ts';

type Row = DashboardListRow;

export const NEW_DASHBOARD_TITLE = '[ untitled dashboard ]';

/** `/dashboard/list/`: dashboards with favourites, filters, bulk delete, export and import. */
export function DashboardListPage() {
  usePageTitle('Dashboards');
  const user = useAppSelector((s) => s.session.user);
  const rbac = useAppSelector((s) => selectCommon(s).feature_flags.DASHBOARD_RBAC ?? false);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const calls = useMemo(() => dashboardApi(api), []);
  const [reloadToken, setReloadToken] = useState(0);
  const [filters, setFilters] = useState<DashboardFilters>({});
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Row[]>([]);
  const [stars, setStars] = useState<Record<number, boolean>>({});
  const reload = () => setReloadToken((n) => n + 1);
  const canWrite = hasPermission(user, 'can_write', 'Dashboard');
  const canExport = hasPermission(user, 'can_export', 'Dashboard') || canWrite;

  const load = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const answer = await calls.list(dashboardListQuery(params, filters), signal);
      const rows = answer.result as unknown as Row[];
      calls
        .favoriteStatus(
          rows.map((r) => r.id),
          signal,
        )
        .then((status) => setStars((prev) => ({ ...prev, ...status })))
        .catch((error: unknown) => {
          if (!signal.aborted) addDangerToast(FAVORITE_STATUS_ERROR);
          return error;
        });
      return { count: answer.count, result: rows };
    },
    [calls, filters, addDangerToast],
  );
  const filtered = Object.values(filters).some((v) => v !== undefined);

  if (!hasPermission(user, 'can_read', 'Dashboard')) return <Forbidden what="dashboards" />;

  const editable = (row: Row) =>
    canEditDashboard(user, { owners: row.owners }, { DASHBOARD_RBAC: rbac });

  const toggleStar = async (row: Row) => {
    const next = !stars[row.id];
    setStars((prev) => ({ ...prev, [row.id]: next }));
    try {
      await calls.setFavorite(row.id, next);
    } catch {
      setStars((prev) => ({ ...prev, [row.id]: !next }));
      addDangerToast(FAVORITE_ERROR);
    }
  };

  const remove = async (rows: Row[]) => {
    try {
      if (rows.length === 1) {
        await calls.remove(rows[0]?.id as number);
        addSuccessToast(`Deleted: ${rows[0]?.dashboard_title}`);
      } else {
        const answer = await calls.bulkRemove(rows.map((r) => r.id));
        addSuccessToast(answer.message);
      }
      setSelected([]);
      reload();
    } catch (failure) {
      addDangerToast(
        `There was an issue deleting the selected dashboards: ${errorMessage(failure)}`,
      );
    }
  };

  const confirmDelete = (rows: Row[]) => {
    modal.confirm({
      title:
        rows.length === 1
          ? `Delete dashboard "${rows[0]?.dashboard_title}"?`
          : `Delete ${rows.length} dashboards?`,
      content: 'The charts stay; only the dashboards go.',
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: () => remove(rows),
    });
  };

  const exportRows = async (rows: Row[]) => {
    try {
      const reply = await calls.exportZip(rows.map((r) => r.id));
      const disposition = reply.headers.get('content-disposition') ?? '';
      const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'dashboard_export.zip';
      saveBlob(new Blob([reply.body], { type: 'application/zip' }), name);
    } catch (error) {
      addDangerToast(
        `There was an issue exporting the selected dashboards: ${errorMessage(error)}`,
      );
    }
  };

  const importZip = async (file: File, overwrite = false): Promise<void> => {
    try {
      await importDashboards(file, { overwrite });
      addSuccessToast('Dashboard imported');
      reload();
    } catch (error) {
      const message = errorMessage(error);
      if (!overwrite && /already exists|overwrite/i.test(message)) {
        modal.confirm({
          title: 'Overwrite existing dashboards?',
          content: message,
          okText: 'Overwrite',
          okButtonProps: { danger: true, 'data-testid': 'import-overwrite-confirm' },
          onOk: () => importZip(file, true),
        });
        return;
      }
      addDangerToast(`An error occurred while importing dashboard: ${message}`);
    }
  };

  const create = async () => {
    try {
      const answer = await calls.create(NEW_DASHBOARD_TITLE);
      navigate(`/dashboard/${answer.id}/?edit=true`);
    } catch (error) {
      addDangerToast(errorMessage(error));
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'favorite',
      width: 44,
      render: (_, row) => (
        <Button
          type="text"
          size="small"
          aria-label={stars[row.id] ? 'Remove from favorites' : 'Add to favorites'}
          icon={stars[row.id] ? <StarFilled style={{ color: '#fbc700' }} /> : <StarOutlined />}
          onClick={() => toggleStar(row)}
          data-testid="dashboard-row-star"
          data-starred={stars[row.id] ? 'true' : 'false'}
        />
      ),
    },
    {
      title: 'Name',
      dataIndex: 'dashboard_title',
      key: 'dashboard_title',
      sorter: true,
      render: (name: string, row) => (
        <Flex align="center" gap={6} style={{ minWidth: 200 }}>
          <Link to={row.url} data-testid="dashboard-row-name">
            <Typography.Text strong style={{ color: 'inherit' }}>
              {name}
            </Typography.Text>
          </Link>
          <CertifiedIcons
            certifiedBy={row.certified_by}
            certificationDetails={row.certification_details}
          />
        </Flex>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (status: Row['status']) => (
        <Tag
          color={status === 'published' ? 'green' : 'default'}
          data-testid="dashboard-row-status"
        >
          {status === 'published' ? 'Published' : 'Draft'}
        </Tag>
      ),
    },
    {
      title: 'Owners',
      dataIndex: 'owners',
      key: 'owners',
      render: (owners: Row['owners']) => <OwnerAvatars owners={owners} />,
    },
    {
      title: 'Last modified',
      dataIndex: 'changed_on_delta_humanized',
      key: 'changed_on_delta_humanized',
      sorter: true,
      render: (age: string, row) => (
        <LastModified
          age={age}
          changedOnUtc={row.changed_on_utc}
          changedByName={row.changed_by_name}
        />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <Flex gap={2} justify="flex-end" data-testid="dashboard-row-actions">
          {canExport && (
            <Tooltip title="Export">
              <Button
                type="text"
                icon={<DownloadOutlined />}
                onClick={() => exportRows([row])}
                data-testid="dashboard-export"
                aria-label="Export"
              />
            </Tooltip>
          )}
          {canWrite && (
            <Tooltip
              title={
                editable(row) ? 'Delete' : 'You must be a dashboard owner in order to delete it.'
              }
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={!editable(row)}
                onClick={() => confirmDelete([row])}
                data-testid="dashboard-delete"
                aria-label="Delete"
              />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="dashboard-add">
      Dashboard
    </Button>
  );

  return (
    <div data-testid="dashboard-list-page">
      <PageHeader
        title="Dashboards"
        subtitle="Charts arranged together: open one to read it, star the ones you come back to."
        icon={<DashboardOutlined />}
        actions={
          <>
            {canWrite && (
              <Upload
                accept=".zip,application/zip"
                showUploadList={false}
                beforeUpload={(file) => {
                  void importZip(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="dashboard-import">
                  Import
                </Button>
              </Upload>
            )}
            {(canWrite || canExport) && (
              <Button
                onClick={() => {
                  setBulkMode((on) => !on);
                  setSelected([]);
                }}
                data-testid="dashboard-bulk-toggle"
              >
                {bulkMode ? 'Cancel bulk select' : 'Bulk select'}
              </Button>
            )}
            {canWrite && addButton}
          </>
        }
      />
      {bulkMode && (
        <BulkSelectBar
          testIdPrefix="dashboard"
          count={selected.length}
          actions={
            canExport && (
              <Button
                size="small"
                disabled={selected.length === 0}
                onClick={() => exportRows(selected)}
                data-testid="dashboard-bulk-export"
              >
                Export
              </Button>
            )
          }
          onDelete={canWrite ? () => confirmDelete(selected) : undefined}
          deleteDisabled={!selected.every(editable)}
          onDeselect={() => setSelected([])}
        />
      )}
      <ListView<Row>
        testId="dashboard-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        resetKey={dashboardFiltersKey(filters)}
        searchPlaceholder="Search dashboards"
        errorTitle="Could not load dashboards"
        defaultSort={{ field: 'changed_on_delta_humanized', order: 'desc' }}
        toolbar={<DashboardFilterBar filters={filters} onChange={setFilters} />}
        rowSelection={
          bulkMode
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: () => ({ 'data-testid': 'dashboard-select' }) as never,
              }
            : undefined
        }
        empty={
          filtered ? undefined : (
            <EmptyState
              testId="dashboard-empty"
              title="No dashboards yet"
              description="Create a dashboard and arrange your charts on it: your dashboards appear here."
              action={canWrite ? addButton : undefined}
            />
          )
        }
      />
    </div>
  );
}
