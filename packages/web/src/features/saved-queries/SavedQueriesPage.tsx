import {
  ConsoleSqlOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  LinkOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { hasPermission } from '@tessera/shared/permissions';
import { App, Button, Flex, Select, type TableColumnsType, Tooltip, Typography, theme } from 'antd';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { copyToClipboard } from '../../components/DataGrid/copy.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { deleteConfirmation } from '../../components/lists/deleteConfirmation.ts';
import { Modal } from '../../components/Modal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type SavedQueryRow, savedQueriesApi, savedQueryLink } from './savedQueriesApi.ts';

function SqlPreviewModal({ row, onClose }: { row: SavedQueryRow; onClose: () => void }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  return (
    <Modal
      open
      title={row.label}
      width={760}
      onCancel={onClose}
      data-testid="saved-query-preview"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button
            icon={<CopyOutlined />}
            onClick={() =>
              copyToClipboard(row.sql ?? '').then(
                () => addSuccessToast('Copied the SQL to the clipboard'),
                (error: Error) => addDangerToast(error.message),
              )
            }
          >
            Copy SQL
          </Button>
          <Button
            type="primary"
            icon={<ConsoleSqlOutlined />}
            onClick={() => navigate(`/sqllab/?savedQueryId=${row.id}`)}
            data-testid="saved-query-preview-open"
          >
            Open in SQL Lab
          </Button>
        </Flex>
      }
    >
      {row.description && (
        <Typography.Paragraph type="secondary">{row.description}</Typography.Paragraph>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.database?.database_name ?? 'No database'}
        {row.schema ? ` · ${[row.catalog, row.schema].filter(Boolean).join('.')}` : ''}
      </Typography.Text>
      <pre
        data-testid="saved-query-preview-sql"
        style={{
          margin: '8px 0 0',
          padding: '12px 14px',
          maxHeight: 420,
          overflow: 'auto',
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          fontFamily: token.fontFamilyCode,
          fontSize: 12.5,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
        }}
      >
        {row.sql}
      </pre>
    </Modal>
  );
}

/** `/savedqueryview/list/`: the queries a user saved from SQL Lab. */
export function SavedQueriesPage() {
  usePageTitle('Saved queries');
  const user = useAppSelector((state) => state.session.user);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [databaseId, setDatabaseId] = useState<number | undefined>(undefined);
  const [reloadToken, setReloadToken] = useState(0);
  const [selected, setSelected] = useState<Key[]>([]);
  const [previewing, setPreviewing] = useState<SavedQueryRow | null>(null);
  const allowed = hasPermission(user, 'can_read', 'SavedQuery');
  const canWrite = hasPermission(user, 'can_write', 'SavedQuery');

  const databases = useApiQuery((signal) => savedQueriesApi.databases(signal), [], {
    enabled: allowed,
  });
  const load = useCallback(
    (params: ListParams, signal: AbortSignal) => savedQueriesApi.list(params, databaseId, signal),
    [databaseId],
  );

  const confirmDelete = useCallback(
    (rows: { id: number; label: string }[], bulk = false) => {
      const single = !bulk && rows.length === 1;
      const many = `${rows.length} saved ${rows.length === 1 ? 'query' : 'queries'}`;
      modal.confirm(
        deleteConfirmation({
          title: single ? `Delete "${rows[0].label}"?` : `Delete ${many}?`,
          content: 'The saved SQL is removed for good. Runs in the query history are kept.',
          onConfirm: async () => {
            try {
              if (single) await savedQueriesApi.remove(rows[0].id);
              else await savedQueriesApi.removeMany(rows.map((row) => row.id));
              addSuccessToast(single ? `Deleted: ${rows[0].label}` : `Deleted ${many}`);
              setSelected([]);
              setReloadToken((n) => n + 1);
            } catch (failure) {
              addDangerToast(`There was an issue deleting: ${errorMessage(failure)}`);
            }
          },
        }),
      );
    },
    [modal, addSuccessToast, addDangerToast],
  );

  const columns = useMemo<TableColumnsType<SavedQueryRow>>(
    () => [
      {
        title: 'Name',
        dataIndex: 'label',
        key: 'label',
        sorter: true,
        render: (label: string, row) => (
          <Flex vertical>
            <Typography.Link
              strong
              onClick={() => navigate(`/sqllab/?savedQueryId=${row.id}`)}
              data-testid="saved-query-name"
            >
              {label}
            </Typography.Link>
            {row.description && (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 320 }}>
                {row.description}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        title: 'Database',
        dataIndex: ['database', 'database_name'],
        key: 'database.database_name',
        sorter: true,
        render: (name: string | undefined) => name ?? '–',
      },
      {
        title: 'Schema',
        dataIndex: 'schema',
        key: 'schema',
        sorter: true,
        render: (schema: string | null, row) =>
          schema ? [row.catalog, schema].filter(Boolean).join('.') : '–',
      },
      {
        title: 'SQL',
        dataIndex: 'sql',
        key: 'sql',
        render: (sql: string | null) => (
          <Typography.Text
            code
            ellipsis
            style={{ maxWidth: 320, fontSize: 12, display: 'inline-block' }}
          >
            {(sql ?? '').replace(/\s+/g, ' ')}
          </Typography.Text>
        ),
      },
      {
        title: 'Last modified',
        dataIndex: 'changed_on_delta_humanized',
        key: 'changed_on_delta_humanized',
        sorter: true,
      },
      {
        title: 'Actions',
        key: 'actions',
        align: 'right',
        render: (_: unknown, row) => (
          <Flex gap={2} justify="flex-end" data-testid="saved-query-actions">
            <Tooltip title="Preview the SQL">
              <Button
                type="text"
                icon={<EyeOutlined />}
                onClick={() => setPreviewing(row)}
                aria-label="Preview"
                data-testid="saved-query-preview-button"
              />
            </Tooltip>
            <Tooltip title="Open in SQL Lab">
              <Button
                type="text"
                icon={<ConsoleSqlOutlined />}
                onClick={() => navigate(`/sqllab/?savedQueryId=${row.id}`)}
                aria-label="Open in SQL Lab"
                data-testid="saved-query-open"
              />
            </Tooltip>
            <Tooltip title="Copy a link to this query">
              <Button
                type="text"
                icon={<LinkOutlined />}
                onClick={() =>
                  copyToClipboard(savedQueryLink(row.id)).then(
                    () => addSuccessToast('Link copied to the clipboard'),
                    (error: Error) => addDangerToast(error.message),
                  )
                }
                aria-label="Copy link"
                data-testid="saved-query-copy-link"
              />
            </Tooltip>
            {canWrite && (
              <Tooltip title="Delete">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete([row])}
                  aria-label="Delete"
                  data-testid="saved-query-delete"
                />
              </Tooltip>
            )}
          </Flex>
        ),
      },
    ],
    [navigate, addSuccessToast, addDangerToast, canWrite, confirmDelete],
  );

  if (!allowed) return <Forbidden what="saved queries" />;

  const newQuery = (
    <Button type="primary" icon={<ConsoleSqlOutlined />} onClick={() => navigate('/sqllab/')}>
      Query
    </Button>
  );

  return (
    <div data-testid="saved-queries-page">
      <PageHeader
        title="Saved queries"
        subtitle="SQL you saved from SQL Lab. Open one to run it again, or share its link."
        icon={<SaveOutlined />}
        actions={newQuery}
      />
      <ListView<SavedQueryRow>
        testId="saved-query-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        resetKey={String(databaseId ?? '')}
        searchPlaceholder="Search name, description or SQL"
        errorTitle="Could not load saved queries"
        defaultSort={{ field: 'changed_on_delta_humanized', order: 'desc' }}
        rowSelection={
          canWrite
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }
            : undefined
        }
        toolbar={
          <>
            {selected.length > 0 && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmDelete(
                    selected.map((id) => ({ id: Number(id), label: String(id) })),
                    true,
                  )
                }
                data-testid="saved-query-bulk-delete"
              >
                Delete {selected.length} selected
              </Button>
            )}
            <Select
              allowClear
              placeholder="Database"
              style={{ width: 180 }}
              loading={databases.loading}
              value={databaseId}
              onChange={(value?: number) => setDatabaseId(value)}
              options={(databases.data ?? []).map((db) => ({ value: db.id, label: db.name }))}
              data-testid="saved-query-filter-database"
            />
          </>
        }
        empty={
          databaseId === undefined && (
            <EmptyState
              testId="saved-query-empty"
              title="No saved queries yet"
              description="Save a query in SQL Lab to find it here."
              action={newQuery}
            />
          )
        }
      />
      {previewing && <SqlPreviewModal row={previewing} onClose={() => setPreviewing(null)} />}
    </div>
  );
}
