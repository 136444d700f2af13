import {
  ConsoleSqlOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { DatasetListItem } from '@tessera/shared/api/datasets';
import { Button, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { BulkSelectBar } from '../../components/BulkSelectBar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { lastModifiedColumn } from '../../components/LastModified.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { BulkSelectToggle } from '../../components/lists/BulkSelectToggle.tsx';
import { isFiltered, RECENTLY_CHANGED_FIRST } from '../../components/lists/listQuery.ts';
import { useBulkSelection } from '../../components/lists/useBulkSelection.ts';
import { useListDelete } from '../../components/lists/useListDelete.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type RowAction, RowActions } from '../../components/RowActions.tsx';
import { CertifiedIcons } from './components/CertifiedIcons.tsx';
import { DatasetFilterBar } from './components/DatasetFilterBar.tsx';
import { DeleteDatasetSummary } from './components/DeleteDatasetSummary.tsx';
import { DuplicateDatasetModal } from './components/DuplicateDatasetModal.tsx';
import { DatasetEditorModal } from './components/editor/DatasetEditorModal.tsx';
import { OwnerAvatars } from './components/OwnerAvatars.tsx';
import { datasetApi } from './datasetApi.ts';
import { certificationFromExtra } from './editorState.ts';
import { type DatasetFilters, datasetListQuery, filtersKey } from './listQuery.ts';
import { DATASET_ADD_PATH, datasetExplorePath } from './paths.ts';
import {
  canEditDataset,
  canReadDatasets,
  canWriteDatasets,
  NOT_OWNER_MESSAGE,
} from './permissions.ts';

type Row = DatasetListItem;

/** `/tablemodelview/list/`: the datasets a user may read, with their write actions. */
export function DatasetListPage() {
  usePageTitle('Datasets');
  const user = useAppSelector((state) => state.session.user);
  const navigate = useNavigate();
  const toasts = useToasts();
  const [params, setParams] = useSearchParams();
  const [reloadToken, setReloadToken] = useState(0);
  const [filters, setFilters] = useState<DatasetFilters>({});
  const bulk = useBulkSelection<Row>();
  const [duplicating, setDuplicating] = useState<Row | null>(null);
  const reload = () => setReloadToken((n) => n + 1);
  const editingId = Number(params.get('edit')) || null;
  const canWrite = canWriteDatasets(user);
  const confirmDelete = useListDelete<Row>({
    noun: { one: 'dataset', many: 'datasets' },
    nameOf: (row) => row.table_name,
    content: (rows) => <DeleteDatasetSummary ids={rows.map((r) => r.id)} />,
    removeOne: (row) => datasetApi.remove(row.id),
    removeMany: (rows) => datasetApi.bulkRemove(rows.map((r) => r.id)),
    toasts,
    onDeleted: () => {
      bulk.clear();
      reload();
    },
  });

  const load = useCallback(
    async (listParams: ListParams, signal: AbortSignal) => {
      const answer = await datasetApi.list(datasetListQuery(listParams, filters), signal);
      return { count: answer.count, result: answer.result as unknown as Row[] };
    },
    [filters],
  );

  if (!canReadDatasets(user)) return <Forbidden what="datasets" />;

  const openEditor = (id: number) => setParams({ edit: String(id) });
  const closeEditor = () => {
    params.delete('edit');
    setParams(params, { replace: true });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: 'Name',
      dataIndex: 'table_name',
      key: 'table_name',
      sorter: true,
      render: (name: string, row) => {
        const extra = certificationFromExtra(row.extra);
        return (
          <Flex align="center" gap={10} style={{ minWidth: 220 }}>
            <span
              style={{ color: 'var(--ant-color-text-tertiary)', fontSize: 15 }}
              aria-hidden="true"
            >
              {row.kind === 'virtual' ? <ConsoleSqlOutlined /> : <TableOutlined />}
            </span>
            <Flex vertical style={{ minWidth: 0 }}>
              <Flex align="center" gap={6}>
                <Link
                  to={datasetExplorePath(row.id)}
                  style={{ fontWeight: 600 }}
                  data-testid="dataset-row-name"
                >
                  {name}
                </Link>
                <CertifiedIcons
                  certifiedBy={extra.certified_by}
                  certificationDetails={extra.certification_details}
                  warning={extra.warning_markdown}
                />
                {row.kind === 'virtual' && (
                  <Tag color="purple" bordered={false} data-testid="dataset-virtual-badge">
                    Virtual
                  </Tag>
                )}
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
          </Flex>
        );
      },
    },
    {
      title: 'Database',
      key: 'database',
      dataIndex: ['database', 'database_name'],
      sorter: true,
    },
    {
      title: 'Schema',
      dataIndex: 'schema',
      key: 'schema',
      sorter: true,
      render: (schema: string | null) =>
        schema ?? <Typography.Text type="secondary">–</Typography.Text>,
    },
    {
      title: 'Type',
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: Row['kind']) => (kind === 'virtual' ? 'Virtual' : 'Physical'),
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
        const editable = canEditDataset(user, row.owners);
        const why = editable ? undefined : NOT_OWNER_MESSAGE;
        const actions: RowAction[] = [
          {
            label: 'Edit',
            icon: <EditOutlined />,
            testId: 'dataset-edit',
            disabled: !editable,
            tooltip: why,
            onClick: () => openEditor(row.id),
          },
        ];
        // Duplicating is offered for virtual datasets only, as in Superset.
        if (row.kind === 'virtual') {
          actions.push({
            label: 'Duplicate',
            icon: <CopyOutlined />,
            testId: 'dataset-duplicate',
            onClick: () => setDuplicating(row),
          });
        }
        actions.push({
          label: 'Delete',
          icon: <DeleteOutlined />,
          testId: 'dataset-delete',
          danger: true,
          disabled: !editable,
          tooltip: why,
          onClick: () => confirmDelete([row]),
        });
        return <RowActions testId="dataset-row-actions" actions={actions} />;
      },
    });
  }

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate(DATASET_ADD_PATH)}
      data-testid="dataset-add"
    >
      Dataset
    </Button>
  );

  return (
    <div data-testid="dataset-list-page">
      <PageHeader
        title="Datasets"
        subtitle="Tables and SQL queries prepared for charts: their columns, calculated columns and metrics."
        icon={<TableOutlined />}
        actions={
          canWrite ? (
            <>
              <BulkSelectToggle
                active={bulk.active}
                onToggle={bulk.toggle}
                testId="dataset-bulk-toggle"
              />
              {addButton}
            </>
          ) : undefined
        }
      />
      {bulk.active && (
        <BulkSelectBar
          testIdPrefix="dataset"
          count={bulk.selected.length}
          onDelete={() => confirmDelete(bulk.selected)}
          onDeselect={bulk.clear}
        />
      )}
      <ListView<Row>
        testId="dataset-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        resetKey={filtersKey(filters)}
        searchPlaceholder="Search datasets"
        errorTitle="Could not load datasets"
        defaultSort={RECENTLY_CHANGED_FIRST}
        toolbar={<DatasetFilterBar filters={filters} onChange={setFilters} />}
        rowSelection={bulk.rowSelection({
          testId: 'dataset-select',
          disabled: (row) => !canEditDataset(user, row.owners),
        })}
        empty={
          isFiltered(filters) ? undefined : (
            <EmptyState
              testId="dataset-empty"
              title="No datasets yet"
              description="A dataset points at a table (or a SQL query) and describes its columns and metrics, so charts can be built on it."
              action={canWrite ? addButton : undefined}
            />
          )
        }
      />
      {duplicating && (
        <DuplicateDatasetModal
          dataset={duplicating}
          onClose={() => setDuplicating(null)}
          onDuplicated={() => {
            setDuplicating(null);
            reload();
          }}
        />
      )}
      {editingId !== null && (
        <DatasetEditorModal
          datasetId={editingId}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            reload();
          }}
        />
      )}
    </div>
  );
}
