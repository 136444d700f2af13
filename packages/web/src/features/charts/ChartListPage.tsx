import {
  BarChartOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import type { ChartListRow } from '@tessera/shared/api/charts';
import { canAddChart, canOverwriteChart } from '@tessera/shared/api/explore';
import { hasPermission } from '@tessera/shared/permissions';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import { App, Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
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
import { ChartFilterBar } from './ChartFilterBar.tsx';
import { chartListApi } from './chartListApi.ts';
import { type ChartFilters, chartFiltersKey, chartListQuery } from './listQuery.ts';

type Row = ChartListRow & { starred?: boolean };

export const STAR_ERROR_MESSAGE = 'An error occurred while starring this chart';
const NOT_OWNER = 'You must be a chart owner in order to edit.';

/** `/chart/list/`: the charts a user may see, with favourites, filters and bulk delete. */
export function ChartListPage() {
  usePageTitle('Charts');
  const user = useAppSelector((state) => state.session.user);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [reloadToken, setReloadToken] = useState(0);
  const [filters, setFilters] = useState<ChartFilters>({});
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Row[]>([]);
  const [stars, setStars] = useState<Record<number, boolean>>({});
  const reload = () => setReloadToken((n) => n + 1);
  const canWrite = canAddChart(user);

  const load = useCallback(
    async (listParams: ListParams, signal: AbortSignal) => {
      const answer = await chartListApi.list(chartListQuery(listParams, filters), signal);
      const rows = answer.result as unknown as Row[];
      // Favourite status is its own call in Superset's list as well; a failure leaves stars empty.
      chartListApi
        .favoriteStatus(
          rows.map((r) => r.id),
          signal,
        )
        .then((status) => setStars((prev) => ({ ...prev, ...status })))
        .catch(() => undefined);
      return { count: answer.count, result: rows };
    },
    [filters],
  );
  const filtered = useMemo(() => Object.values(filters).some((v) => v !== undefined), [filters]);

  if (!hasPermission(user, 'can_read', 'Chart')) return <Forbidden what="charts" />;

  const toggleStar = async (row: Row) => {
    const next = !stars[row.id];
    setStars((prev) => ({ ...prev, [row.id]: next }));
    try {
      await chartListApi.setFavorite(row.id, next);
    } catch {
      setStars((prev) => ({ ...prev, [row.id]: !next }));
      addDangerToast(STAR_ERROR_MESSAGE);
    }
  };

  const remove = async (rows: Row[]) => {
    try {
      if (rows.length === 1) {
        await chartListApi.remove(rows[0]?.id as number);
        addSuccessToast(`Deleted: ${rows[0]?.slice_name}`);
      } else {
        const answer = await chartListApi.bulkRemove(rows.map((r) => r.id));
        addSuccessToast(answer.message);
      }
      setSelected([]);
      reload();
    } catch (failure) {
      addDangerToast(`There was an issue deleting the selected charts: ${errorMessage(failure)}`);
    }
  };

  const confirmDelete = (rows: Row[]) => {
    modal.confirm({
      title:
        rows.length === 1
          ? `Delete chart "${rows[0]?.slice_name}"?`
          : `Delete ${rows.length} charts?`,
      content: 'Dashboards that show these charts lose them.',
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: () => remove(rows),
    });
  };

  const editable = (row: Row) =>
    canOverwriteChart(
      user,
      row.owners.map((o) => o.id),
    );

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
          data-testid="chart-star"
          data-starred={stars[row.id] ? 'true' : 'false'}
        />
      ),
    },
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
  ];

  if (canWrite) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, row) => {
        const why = editable(row) ? undefined : NOT_OWNER;
        return (
          <Flex gap={2} justify="flex-end" data-testid="chart-row-actions">
            <Tooltip title={why ?? 'Edit'}>
              <Button
                type="text"
                icon={<EditOutlined />}
                disabled={!editable(row)}
                onClick={() => navigate(row.url)}
                data-testid="chart-edit"
                aria-label="Edit"
              />
            </Tooltip>
            <Tooltip title={why ?? 'Delete'}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={!editable(row)}
                onClick={() => confirmDelete([row])}
                data-testid="chart-delete"
                aria-label="Delete"
              />
            </Tooltip>
          </Flex>
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
              <Button
                onClick={() => {
                  setBulkMode((on) => !on);
                  setSelected([]);
                }}
                data-testid="chart-bulk-toggle"
              >
                {bulkMode ? 'Cancel bulk select' : 'Bulk select'}
              </Button>
              {addButton}
            </>
          ) : undefined
        }
      />
      {bulkMode && (
        <BulkSelectBar
          testIdPrefix="chart"
          count={selected.length}
          onDelete={() => confirmDelete(selected)}
          onDeselect={() => setSelected([])}
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
        defaultSort={{ field: 'changed_on_delta_humanized', order: 'desc' }}
        toolbar={<ChartFilterBar filters={filters} onChange={setFilters} />}
        rowSelection={
          bulkMode
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: (row) => ({
                  disabled: !editable(row),
                  'data-testid': 'chart-select',
                }),
              }
            : undefined
        }
        empty={
          filtered ? undefined : (
            <EmptyState
              testId="chart-empty"
              title="No charts yet"
              description="Pick a dataset, choose a chart type and save it: your charts appear here."
              action={canWrite ? addButton : undefined}
            />
          )
        }
      />
    </div>
  );
}
