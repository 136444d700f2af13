import {
  CheckOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { DatabaseListItem } from '@tessera/shared/api/databases';
import { App, Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { canManageDatabases } from '../../app/nav.tsx';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { DatabaseBrowser } from './components/DatabaseBrowser.tsx';
import { DatabaseModal } from './components/DatabaseModal.tsx';
import { EngineIcon } from './components/EngineIcon.tsx';
import { databaseApi } from './databaseApi.ts';

type Row = Partial<DatabaseListItem> & { id: number };

const flag = (value: boolean | undefined) =>
  value ? (
    <CheckOutlined style={{ color: 'var(--ant-color-success, #52c41a)' }} aria-label="yes" />
  ) : (
    <Typography.Text type="secondary" aria-label="no">
      –
    </Typography.Text>
  );

type ModalState = { mode: 'create' } | { mode: 'edit'; id: number } | null;

/** `/databaseview/list/`: the database connections, for users who may manage them. */
export function DatabaseListPage() {
  usePageTitle('Databases');
  const user = useAppSelector((state) => state.session.user);
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [reloadToken, setReloadToken] = useState(0);
  const [modalState, setModalState] = useState<ModalState>(null);
  const [params, setParams] = useSearchParams();
  const [browsing, setBrowsing] = useState<Row | null>(null);
  const reload = () => setReloadToken((n) => n + 1);

  const load = useCallback(async (listParams: ListParams, signal: AbortSignal) => {
    const answer = await databaseApi.list(listParams, signal);
    const rows = answer.result as Row[];
    // `?browse=<id>` (links from the home page) opens that database's browser once it is listed.
    const wanted = Number(new URLSearchParams(window.location.search).get('browse'));
    if (wanted) {
      const row = rows.find((r) => r.id === wanted);
      if (row) setBrowsing(row);
    }
    return { count: answer.count, result: rows };
  }, []);

  if (!canManageDatabases(user)) return <Forbidden what="database connections" />;

  const openBrowser = (row: Row) => {
    setBrowsing(row);
    setParams({ browse: String(row.id) }, { replace: true });
  };
  const closeBrowser = () => {
    setBrowsing(null);
    params.delete('browse');
    setParams(params, { replace: true });
  };

  const confirmDelete = (row: Row) => {
    modal.confirm({
      title: `Delete database "${row.database_name}"?`,
      content:
        'The connection is removed from Tessera. The data inside the database itself is not touched. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: async () => {
        try {
          await databaseApi.remove(row.id);
          addSuccessToast(`Deleted: ${row.database_name}`);
          reload();
        } catch (failure) {
          addDangerToast(
            `There was an issue deleting ${row.database_name}: ${errorMessage(failure)}`,
          );
        }
      },
    });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: 'Database',
      dataIndex: 'database_name',
      key: 'database_name',
      sorter: true,
      render: (name: string, row) => (
        <Flex align="center" gap={10}>
          <EngineIcon engine={row.backend ?? 'other'} size={14} />
          <Typography.Link onClick={() => openBrowser(row)} data-testid="database-row-name" strong>
            {name}
          </Typography.Link>
        </Flex>
      ),
    },
    {
      title: 'Backend',
      dataIndex: 'backend',
      key: 'backend',
      sorter: true,
      render: (backend: string) => <Tag>{backend}</Tag>,
    },
    {
      title: 'SQL Lab',
      dataIndex: 'expose_in_sqllab',
      key: 'expose_in_sqllab',
      sorter: true,
      align: 'center',
      render: flag,
    },
    {
      title: 'Async',
      dataIndex: 'allow_run_async',
      key: 'allow_run_async',
      sorter: true,
      align: 'center',
      render: flag,
    },
    {
      title: 'DML',
      dataIndex: 'allow_dml',
      key: 'allow_dml',
      sorter: true,
      align: 'center',
      render: flag,
    },
    {
      title: 'File upload',
      dataIndex: 'allow_file_upload',
      key: 'allow_file_upload',
      sorter: true,
      align: 'center',
      render: flag,
    },
    {
      title: 'Last modified',
      dataIndex: 'changed_on_delta_humanized',
      key: 'changed_on_delta_humanized',
      sorter: true,
      render: (age: string, row) => (
        <Flex vertical>
          <span>{age}</span>
          {row.changed_by && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              by {row.changed_by.first_name} {row.changed_by.last_name}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <Flex gap={2} justify="flex-end" data-testid="database-row-actions">
          <Tooltip title="Browse tables">
            <Button
              type="text"
              icon={<FolderOpenOutlined />}
              onClick={() => openBrowser(row)}
              data-testid="database-browse"
              aria-label="Browse tables"
            />
          </Tooltip>
          <Tooltip title="Edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              onClick={() => setModalState({ mode: 'edit', id: row.id })}
              data-testid="database-edit"
              aria-label="Edit"
            />
          </Tooltip>
          <Tooltip title="Delete">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete(row)}
              data-testid="database-delete"
              aria-label="Delete"
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setModalState({ mode: 'create' })}
      data-testid="database-add"
    >
      Database
    </Button>
  );

  return (
    <div data-testid="database-list-page">
      <PageHeader
        title="Databases"
        subtitle="Connections to the databases Tessera queries. Browse a connection to see its schemas, tables and columns."
        icon={<DatabaseOutlined />}
        actions={addButton}
      />
      <ListView<Row>
        testId="database-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        searchPlaceholder="Search databases"
        errorTitle="Could not load databases"
        defaultSort={{ field: 'changed_on_delta_humanized', order: 'desc' }}
        empty={
          <EmptyState
            testId="database-empty"
            title="No databases yet"
            description="Connect PostgreSQL, MySQL, DuckDB or SQLite to start exploring your data."
            action={addButton}
          />
        }
      />
      {modalState && (
        <DatabaseModal
          open
          databaseId={modalState.mode === 'edit' ? modalState.id : undefined}
          onClose={() => setModalState(null)}
          onSaved={() => {
            setModalState(null);
            reload();
          }}
        />
      )}
      {browsing && (
        <DatabaseBrowser
          database={{
            id: browsing.id,
            database_name: browsing.database_name ?? '',
            backend: browsing.backend,
          }}
          onClose={closeBrowser}
        />
      )}
    </div>
  );
}
