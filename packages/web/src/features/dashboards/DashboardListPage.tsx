import {
  DashboardOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { DashboardListRow } from '@tessera/shared/api/dashboards';
import { canEditDashboard } from '@tessera/shared/dashboard/permissions';
import { hasPermission } from '@tessera/shared/permissions';
import { Button, Flex, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, errorMessage } from '../../app/api.ts';
import { selectCommon, useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { BulkSelectBar } from '../../components/BulkSelectBar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { lastModifiedColumn } from '../../components/LastModified.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { BulkSelectToggle } from '../../components/lists/BulkSelectToggle.tsx';
import { favoriteColumn } from '../../components/lists/FavoriteStar.tsx';
import { isFiltered, RECENTLY_CHANGED_FIRST } from '../../components/lists/listQuery.ts';
import { useBulkSelection } from '../../components/lists/useBulkSelection.ts';
import { useFavoriteStars } from '../../components/lists/useFavoriteStars.ts';
import { useListDelete } from '../../components/lists/useListDelete.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type RowAction, RowActions } from '../../components/RowActions.tsx';
import { CertifiedIcons } from '../datasets/components/CertifiedIcons.tsx';
import { OwnerAvatars } from '../datasets/components/OwnerAvatars.tsx';
import { saveBlob } from '../explore/exportChart.ts';
import { useDashboardImport } from './components/import/useDashboardImport.tsx';
import { DashboardFilterBar } from './DashboardFilterBar.tsx';
import { dashboardApi } from './dashboardApi.ts';
import { type DashboardFilters, dashboardFiltersKey, dashboardListQuery } from './listQuery.ts';
import { FAVORITE_ERROR, FAVORITE_STATUS_ERROR } from './state/thunks.ts';

type Row = DashboardListRow;

// The properties form (selects, JSON editor) loads when a row's pencil is clicked.
const ListPropertiesModal = lazy(() =>
  import('./components/header/ListPropertiesModal.tsx').then((m) => ({
    default: m.ListPropertiesModal,
  })),
);

export const NEW_DASHBOARD_TITLE = '[ untitled dashboard ]';
const NOT_OWNER = 'You must be a dashboard owner in order to delete it.';
const NOT_EDITOR = 'You must be a dashboard owner in order to edit it.';

/** `/dashboard/list/`: dashboards with favourites, filters, bulk delete, export and import. */
export function DashboardListPage() {
  usePageTitle('Dashboards');
  const user = useAppSelector((s) => s.session.user);
  const rbac = useAppSelector((s) => selectCommon(s).feature_flags.DASHBOARD_RBAC ?? false);
  const navigate = useNavigate();
  const toasts = useToasts();
  const { addDangerToast } = toasts;
  const calls = useMemo(() => dashboardApi(api), []);
  const [reloadToken, setReloadToken] = useState(0);
  const [filters, setFilters] = useState<DashboardFilters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const bulk = useBulkSelection<Row>();
  const stars = useFavoriteStars({
    calls,
    starFailedMessage: FAVORITE_ERROR,
    statusFailedMessage: FAVORITE_STATUS_ERROR,
    addDangerToast,
  });
  const { fetchStatus } = stars;
  const reload = () => setReloadToken((n) => n + 1);
  const dashboardImport = useDashboardImport(reload);
  const canWrite = hasPermission(user, 'can_write', 'Dashboard');
  const canExport = hasPermission(user, 'can_export', 'Dashboard') || canWrite;
  const confirmDelete = useListDelete<Row>({
    noun: { one: 'dashboard', many: 'dashboards' },
    nameOf: (row) => row.dashboard_title,
    content: () => 'The charts stay; only the dashboards go.',
    removeOne: (row) => calls.remove(row.id),
    removeMany: (rows) => calls.bulkRemove(rows.map((r) => r.id)),
    toasts,
    onDeleted: () => {
      bulk.clear();
      reload();
    },
  });

  const load = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const answer = await calls.list(dashboardListQuery(params, filters), signal);
      const rows = answer.result as unknown as Row[];
      fetchStatus(
        rows.map((r) => r.id),
        signal,
      );
      return { count: answer.count, result: rows };
    },
    [calls, filters, fetchStatus],
  );

  if (!hasPermission(user, 'can_read', 'Dashboard')) return <Forbidden what="dashboards" />;

  const editable = (row: Row) =>
    canEditDashboard(user, { owners: row.owners }, { DASHBOARD_RBAC: rbac });

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

  const create = async () => {
    try {
      const answer = await calls.create(NEW_DASHBOARD_TITLE);
      navigate(`/dashboard/${answer.id}/?edit=true`);
    } catch (error) {
      addDangerToast(errorMessage(error));
    }
  };

  const columns: TableColumnsType<Row> = [
    favoriteColumn<Row>(stars, 'dashboard-row-star'),
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
    lastModifiedColumn<Row>(),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, row) => {
        const actions: RowAction[] = [];
        if (canWrite) {
          actions.push({
            label: 'Edit',
            icon: <EditOutlined />,
            testId: 'dashboard-row-edit',
            disabled: !editable(row),
            tooltip: editable(row) ? undefined : NOT_EDITOR,
            onClick: () => setEditing(row.id),
          });
        }
        if (canExport) {
          actions.push({
            label: 'Export',
            icon: <DownloadOutlined />,
            testId: 'dashboard-export',
            onClick: () => exportRows([row]),
          });
        }
        if (canWrite) {
          actions.push({
            label: 'Delete',
            icon: <DeleteOutlined />,
            testId: 'dashboard-delete',
            danger: true,
            disabled: !editable(row),
            tooltip: editable(row) ? undefined : NOT_OWNER,
            onClick: () => confirmDelete([row]),
          });
        }
        return <RowActions testId="dashboard-row-actions" actions={actions} />;
      },
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
                  dashboardImport.importFile(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="dashboard-import">
                  Import
                </Button>
              </Upload>
            )}
            {(canWrite || canExport) && (
              <BulkSelectToggle
                active={bulk.active}
                onToggle={bulk.toggle}
                testId="dashboard-bulk-toggle"
              />
            )}
            {canWrite && addButton}
          </>
        }
      />
      {bulk.active && (
        <BulkSelectBar
          testIdPrefix="dashboard"
          count={bulk.selected.length}
          actions={
            canExport && (
              <Button
                size="small"
                disabled={bulk.selected.length === 0}
                onClick={() => exportRows(bulk.selected)}
                data-testid="dashboard-bulk-export"
              >
                Export
              </Button>
            )
          }
          onDelete={canWrite ? () => confirmDelete(bulk.selected) : undefined}
          deleteDisabled={!bulk.selected.every(editable)}
          onDeselect={bulk.clear}
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
        defaultSort={RECENTLY_CHANGED_FIRST}
        toolbar={<DashboardFilterBar filters={filters} onChange={setFilters} />}
        rowSelection={bulk.rowSelection({ testId: 'dashboard-select' })}
        empty={
          isFiltered(filters) ? undefined : (
            <EmptyState
              testId="dashboard-empty"
              title="No dashboards yet"
              description="Create a dashboard and arrange your charts on it: your dashboards appear here."
              action={canWrite ? addButton : undefined}
            />
          )
        }
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <ListPropertiesModal
            dashboardId={editing}
            onSaved={reload}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {dashboardImport.dialog}
    </div>
  );
}
