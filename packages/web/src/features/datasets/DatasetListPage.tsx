import {
  ConsoleSqlOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { DatasetListItem } from '@tessera/shared/api/datasets';
import { App, Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [params, setParams] = useSearchParams();
  const [reloadToken, setReloadToken] = useState(0);
  const [filters, setFilters] = useState<DatasetFilters>({});
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Row[]>([]);
  const [duplicating, setDuplicating] = useState<Row | null>(null);
  const reload = () => setReloadToken((n) => n + 1);
  const editingId = Number(params.get('edit')) || null;
  const canWrite = canWriteDatasets(user);

  const load = useCallback(
    async (listParams: ListParams, signal: AbortSignal) => {
      const answer = await datasetApi.list(datasetListQuery(listParams, filters), signal);
      return { count: answer.count, result: answer.result as unknown as Row[] };
    },
    [filters],
  );
  const filtered = useMemo(() => Object.values(filters).some((v) => v !== undefined), [filters]);

  if (!canReadDatasets(user)) return <Forbidden what="datasets" />;

  const openEditor = (id: number) => setParams({ edit: String(id) });
  const closeEditor = () => {
    params.delete('edit');
    setParams(params, { replace: true });
  };

  const remove = async (rows: Row[]) => {
    try {
      if (rows.length === 1) {
        await datasetApi.remove(rows[0]?.id as number);
        addSuccessToast(`Deleted: ${rows[0]?.table_name}`);
      } else {
        const answer = await datasetApi.bulkRemove(rows.map((r) => r.id));
        addSuccessToast(answer.message);
      }
      setSelected([]);
      reload();
    } catch (failure) {
      addDangerToast(`There was an issue deleting the selected datasets: ${errorMessage(failure)}`);
    }
  };

  const confirmDelete = (rows: Row[]) => {
    modal.confirm({
      title:
        rows.length === 1
          ? `Delete dataset "${rows[0]?.table_name}"?`
          : `Delete ${rows.length} datasets?`,
      content: <DeleteDatasetSummary ids={rows.map((r) => r.id)} />,
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: () => remove(rows),
    });
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
        const editable = canEditDataset(user, row.owners);
        const why = editable ? undefined : NOT_OWNER_MESSAGE;
        return (
          <Flex gap={2} justify="flex-end" data-testid="dataset-row-actions">
            <Tooltip title={why ?? 'Edit'}>
              <Button
                type="text"
                icon={<EditOutlined />}
                disabled={!editable}
                onClick={() => openEditor(row.id)}
                data-testid="dataset-edit"
                aria-label="Edit"
              />
            </Tooltip>
            {row.kind === 'virtual' && (
              <Tooltip title="Duplicate">
                <Button
                  type="text"
                  icon={<CopyOutlined />}
                  onClick={() => setDuplicating(row)}
                  data-testid="dataset-duplicate"
                  aria-label="Duplicate"
                />
              </Tooltip>
            )}
            <Tooltip title={why ?? 'Delete'}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={!editable}
                onClick={() => confirmDelete([row])}
                data-testid="dataset-delete"
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
              <Button
                onClick={() => {
                  setBulkMode((on) => !on);
                  setSelected([]);
                }}
                data-testid="dataset-bulk-toggle"
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
          testIdPrefix="dataset"
          count={selected.length}
          onDelete={() => confirmDelete(selected)}
          onDeselect={() => setSelected([])}
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
        defaultSort={{ field: 'changed_on_delta_humanized', order: 'desc' }}
        toolbar={<DatasetFilterBar filters={filters} onChange={setFilters} />}
        rowSelection={
          bulkMode
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                // Kept across pages: a selection may span several pages of the list.
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: (row) => ({
                  disabled: !canEditDataset(user, row.owners),
                  'data-testid': 'dataset-select',
                }),
              }
            : undefined
        }
        empty={
          filtered ? undefined : (
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
