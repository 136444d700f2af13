import { BarChartOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChartListRow } from '@tessera/shared/api/charts';
import { canAddChart, canOverwriteChart } from '@tessera/shared/api/explore';
import { hasPermission } from '@tessera/shared/permissions';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import { Button, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store.ts';
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
import { RowActions } from '../../components/RowActions.tsx';
import { CertifiedIcons } from '../datasets/components/CertifiedIcons.tsx';
import { OwnerAvatars } from '../datasets/components/OwnerAvatars.tsx';
import { ChartFilterBar } from './ChartFilterBar.tsx';
import { chartListApi } from './chartListApi.ts';
import { type ChartFilters, chartFiltersKey, chartListQuery } from './listQuery.ts';

type Row = ChartListRow & { starred?: boolean };

export const STAR_ERROR_MESSAGE = 'An error occurred while starring this chart';
const NOT_OWNER = 'You must be a chart owner in order to edit.';

// The properties dialog is Explore's own, loaded when a pencil is first clicked.
const ChartPropertiesModal = lazy(() =>
  import('../explore/components/PropertiesModal.tsx').then((m) => ({
    default: m.ChartPropertiesModal,
  })),
);

/** `/chart/list/`: the charts a user may see, with favourites, filters and bulk delete. */
export function ChartListPage() {
  usePageTitle('Charts');
  const user = useAppSelector((state) => state.session.user);
  const navigate = useNavigate();
  const toasts = useToasts();
  const [reloadToken, setReloadToken] = useState(0);
  const [filters, setFilters] = useState<ChartFilters>({});
  // The chart whose properties the pencil opened, as Superset's chart list does.
  const [editing, setEditing] = useState<Row | null>(null);
  const bulk = useBulkSelection<Row>();
  // Favourite status is its own call in Superset's list as well; a failure leaves stars empty.
  const stars = useFavoriteStars({
    calls: chartListApi,
    starFailedMessage: STAR_ERROR_MESSAGE,
    addDangerToast: toasts.addDangerToast,
  });
  const { fetchStatus } = stars;
  const canWrite = canAddChart(user);
  const confirmDelete = useListDelete<Row>({
    noun: { one: 'chart', many: 'charts' },
    nameOf: (row) => row.slice_name,
    content: () => 'Dashboards that show these charts lose them.',
    removeOne: (row) => chartListApi.remove(row.id),
    removeMany: (rows) => chartListApi.bulkRemove(rows.map((r) => r.id)),
    toasts,
    onDeleted: () => {
      bulk.clear();
      setReloadToken((n) => n + 1);
    },
  });

  const load = useCallback(
    async (listParams: ListParams, signal: AbortSignal) => {
      const answer = await chartListApi.list(chartListQuery(listParams, filters), signal);
      const rows = answer.result as unknown as Row[];
      fetchStatus(
        rows.map((r) => r.id),
        signal,
      );
      return { count: answer.count, result: rows };
    },
    [filters, fetchStatus],
  );

  if (!hasPermission(user, 'can_read', 'Chart')) return <Forbidden what="charts" />;

  const editable = (row: Row) =>
    canOverwriteChart(
      user,
      row.owners.map((o) => o.id),
    );

  const columns: TableColumnsType<Row> = [
    favoriteColumn<Row>(stars, 'chart-star'),
    {
      title: 'Name',
      dataIndex: 'slice_name',
      key: 'slice_name',
      sorter: true,
      render: (name: string, row) => (
        <Flex vertical style={{ minWidth: 200 }}>
          <Flex align="center" gap={6}>
            <Link to={row.url} data-testid="chart-row-name">
              <Typography.Text strong style={{ color: 'inherit' }}>
                {name}
              </Typography.Text>
            </Link>
            <CertifiedIcons
              certifiedBy={row.certified_by}
              certificationDetails={row.certification_details}
            />
          </Flex>
          {row.description && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.description }}
              style={{ fontSize: 12, maxWidth: 360 }}
            >
              {row.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'viz_type',
      key: 'viz_type',
      sorter: true,
      render: (vizType: string) => getChartDefinition(vizType)?.metadata.name ?? vizType,
    },
    {
      title: 'Dataset',
      dataIndex: 'datasource_name_text',
      key: 'datasource_name_text',
      sorter: true,
      render: (name: string | null, row) =>
        name && row.datasource_url ? (
          <Link to={row.datasource_url}>{name}</Link>
        ) : (
          <Typography.Text type="secondary">{name ?? '–'}</Typography.Text>
        ),
    },
    {
      title: 'On dashboards',
      dataIndex: 'dashboards',
      key: 'dashboards',
      render: (dashboards: Row['dashboards']) => (
        <Flex wrap gap={4} style={{ maxWidth: 260 }}>
          {dashboards.map((d) => (
            <Tag key={d.id} bordered={false}>
              <Link to={`/superset/dashboard/${d.id}/`}>{d.dashboard_title}</Link>
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: 'Owners',
      dataIndex: 'owners',
      key: 'owners',
      render: (owners: Row['owners']) => <OwnerAvatars owners={owners} />,
    },
    lastModifiedColumn<Row>(),
  ];

  if (canWrite) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, row) => {
        const why = editable(row) ? undefined : NOT_OWNER;
        return (
          <RowActions
            testId="chart-row-actions"
            actions={[
              {
                label: 'Edit',
                icon: <EditOutlined />,
                testId: 'chart-edit',
                disabled: !editable(row),
                tooltip: why,
                onClick: () => setEditing(row),
              },
              {
                label: 'Delete',
                icon: <DeleteOutlined />,
                testId: 'chart-delete',
                danger: true,
                disabled: !editable(row),
                tooltip: why,
                onClick: () => confirmDelete([row]),
              },
            ]}
          />
        );
      },
    });
  }

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate('/explore/')}
      data-testid="chart-add"
    >
      Chart
    </Button>
  );

  return (
    <div data-testid="chart-list-page">
      <PageHeader
        title="Charts"
        subtitle="Saved charts: open one to explore it, star the ones you come back to."
        icon={<BarChartOutlined />}
        actions={
          canWrite ? (
            <>
              <BulkSelectToggle
                active={bulk.active}
                onToggle={bulk.toggle}
                testId="chart-bulk-toggle"
              />
              {addButton}
            </>
          ) : undefined
        }
      />
      {bulk.active && (
        <BulkSelectBar
          testIdPrefix="chart"
          count={bulk.selected.length}
          onDelete={() => confirmDelete(bulk.selected)}
          onDeselect={bulk.clear}
        />
      )}
      <ListView<Row>
        testId="chart-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        resetKey={chartFiltersKey(filters)}
        searchPlaceholder="Search charts"
        errorTitle="Could not load charts"
        defaultSort={RECENTLY_CHANGED_FIRST}
        toolbar={<ChartFilterBar filters={filters} onChange={setFilters} />}
        rowSelection={bulk.rowSelection({
          testId: 'chart-select',
          disabled: (row) => !editable(row),
        })}
        empty={
          isFiltered(filters) ? undefined : (
            <EmptyState
              testId="chart-empty"
              title="No charts yet"
              description="Pick a dataset, choose a chart type and save it: your charts appear here."
              action={canWrite ? addButton : undefined}
            />
          )
        }
      />
      {editing && (
        <Suspense fallback={null}>
          <ChartPropertiesModal
            chartId={editing.id}
            chartName={editing.slice_name}
            onSaved={() => setReloadToken((n) => n + 1)}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
