import {
  CheckOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
} from '@ant-design/icons';
import type { DatabaseListItem } from '@tessera/shared/api/databases';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { canManageDatabases } from '../../app/nav.tsx';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { Forbidden } from '../../components/Forbidden.tsx';
import { ListPage } from '../../components/ListPage.tsx';
import type { ListParams } from '../../components/ListView.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useConfirmDelete, useListPage } from '../../components/useListPage.ts';
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

/** A sortable yes/no column of the list. */
function flagColumn(title: string, key: keyof DatabaseListItem): TableColumnsType<Row>[number] {
  return { title, dataIndex: key, key, sorter: true, align: 'center', render: flag };
}

type ModalState = { mode: 'create' } | { mode: 'edit'; id: number } | null;

/** `/databaseview/list/`: the database connections, for users who may manage them. */
export function DatabaseListPage() {
  usePageTitle('Databases');
  const user = useAppSelector((state) => state.session.user);
  const { addSuccessToast, addDangerToast } = useToasts();
  const { modalState, openModal, closeModal, onSaved, reloadToken, reload } =
    useListPage<ModalState>();
  const [params, setParams] = useSearchParams();
  const [browsing, setBrowsing] = useState<Row | null>(null);
  const confirmDelete = useConfirmDelete({
    onDeleted: (name) => {
      addSuccessToast(`Deleted: ${name}`);
      reload();
    },
    onFailed: (failure, name) =>
      addDangerToast(`There was an issue deleting ${name}: ${errorMessage(failure)}`),
  });

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
    flagColumn('SQL Lab', 'expose_in_sqllab'),
    flagColumn('Async', 'allow_run_async'),
    flagColumn('DML', 'allow_dml'),
    flagColumn('File upload', 'allow_file_upload'),
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
        <RowActions
          testId="database-row-actions"
          actions={[
            {
              label: 'Browse tables',
              icon: <FolderOpenOutlined />,
              testId: 'database-browse',
              onClick: () => openBrowser(row),
            },
            {
              label: 'Edit',
              icon: <EditOutlined />,
              testId: 'database-edit',
              onClick: () => openModal({ mode: 'edit', id: row.id }),
            },
            {
              label: 'Delete',
              icon: <DeleteOutlined />,
              testId: 'database-delete',
              danger: true,
              onClick: () =>
                confirmDelete({
                  name: row.database_name ?? '',
                  title: `Delete database "${row.database_name}"?`,
                  content:
                    'The connection is removed from Tessera. The data inside the database itself is not touched. This cannot be undone.',
                  remove: () => databaseApi.remove(row.id),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<Row>
      testId="database-list-page"
      title="Databases"
      subtitle="Connections to the databases Tessera queries. Browse a connection to see its schemas, tables and columns."
      icon={<DatabaseOutlined />}
      add={{
        label: 'Database',
        testId: 'database-add',
        onClick: () => openModal({ mode: 'create' }),
      }}
      list={{
        testId: 'database-list',
        rowKey: 'id',
        columns,
        load,
        reloadToken,
        searchPlaceholder: 'Search databases',
        errorTitle: 'Could not load databases',
        defaultSort: { field: 'changed_on_delta_humanized', order: 'desc' },
      }}
      emptyState={{
        testId: 'database-empty',
        title: 'No databases yet',
        description: 'Connect PostgreSQL, MySQL, DuckDB or SQLite to start exploring your data.',
      }}
    >
      {modalState && (
        <DatabaseModal
          open
          databaseId={modalState.mode === 'edit' ? modalState.id : undefined}
          onClose={closeModal}
          onSaved={onSaved}
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
    </ListPage>
  );
}
