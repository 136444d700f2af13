import { DeleteOutlined, EditOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import type { RlsRule } from '@tessera/shared/api/rls';
import { hasPermission, isAdmin } from '@tessera/shared/permissions';
import { App, Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RlsModal } from './components/RlsModal.tsx';
import { rlsApi } from './rlsApi.ts';

type ModalState = { mode: 'create' } | { mode: 'edit'; rule: RlsRule } | null;

const MAX_TAGS = 3;

function TagList({ names, testId }: { names: string[]; testId: string }) {
  if (names.length === 0) return <Typography.Text type="secondary">–</Typography.Text>;
  const shown = names.slice(0, MAX_TAGS);
  const rest = names.slice(MAX_TAGS);
  return (
    <Flex gap={4} wrap data-testid={testId}>
      {shown.map((name) => (
        <Tag key={name} bordered={false} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Tag bordered={false}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** `/rowlevelsecurity/list/` (admins): the row-level security rules and their editor. */
export function RlsListPage() {
  usePageTitle('Row level security');
  const user = useAppSelector((state) => state.session.user);
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [modalState, setModalState] = useState<ModalState>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);

  const load = useCallback(async (params: ListParams, signal: AbortSignal) => {
    const answer = await rlsApi.list(
      {
        page: params.page,
        page_size: params.pageSize,
        order_column: params.sortField ?? 'changed_on_delta_humanized',
        order_direction: params.sortOrder ?? 'desc',
        ...(params.search ? { filters: [{ col: 'name', opr: 'ct', value: params.search }] } : {}),
      },
      signal,
    );
    return { count: answer.count, result: answer.result as unknown as RlsRule[] };
  }, []);

  if (!isAdmin(user) && !hasPermission(user, 'can_read', 'RowLevelSecurity'))
    return <Forbidden what="row level security" />;

  const confirmDelete = (rule: RlsRule) => {
    modal.confirm({
      title: `Delete rule "${rule.name}"?`,
      content:
        'Queries on its datasets stop being filtered by this rule at once. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: async () => {
        try {
          await rlsApi.remove(rule.id);
          addSuccessToast(`Deleted: ${rule.name}`);
          reload();
        } catch (failure) {
          addDangerToast(`There was an issue deleting ${rule.name}: ${errorMessage(failure)}`);
        }
      },
    });
  };

  const columns: TableColumnsType<RlsRule> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, rule) => (
        <Flex vertical style={{ minWidth: 160 }}>
          <Typography.Link
            strong
            onClick={() => setModalState({ mode: 'edit', rule })}
            data-testid="rls-row-name"
          >
            {name}
          </Typography.Link>
          {rule.description && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: rule.description }}
              style={{ fontSize: 12, maxWidth: 280 }}
            >
              {rule.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Filter type',
      dataIndex: 'filter_type',
      key: 'filter_type',
      sorter: true,
      render: (type: RlsRule['filter_type']) => (
        <Tooltip
          title={
            type === 'Base' ? 'Everyone except the roles listed' : 'Members of the roles listed'
          }
        >
          <Tag
            color={type === 'Base' ? 'purple' : 'blue'}
            bordered={false}
            data-testid="rls-row-type"
          >
            {type}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: 'Datasets',
      key: 'tables',
      render: (_, rule) => (
        <TagList
          names={rule.tables.map((t) => (t.schema ? `${t.schema}.${t.table_name}` : t.table_name))}
          testId="rls-row-tables"
        />
      ),
    },
    {
      title: 'Roles',
      key: 'roles',
      render: (_, rule) => <TagList names={rule.roles.map((r) => r.name)} testId="rls-row-roles" />,
    },
    {
      title: 'Group key',
      dataIndex: 'group_key',
      key: 'group_key',
      sorter: true,
      render: (key: string | null) =>
        key ? (
          <Typography.Text code>{key}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      title: 'Clause',
      dataIndex: 'clause',
      key: 'clause',
      sorter: true,
      render: (clause: string) => (
        <Typography.Text
          code
          ellipsis={{ tooltip: clause }}
          style={{ maxWidth: 260 }}
          data-testid="rls-row-clause"
        >
          {clause}
        </Typography.Text>
      ),
    },
    {
      title: 'Last modified',
      dataIndex: 'changed_on_delta_humanized',
      key: 'changed_on_delta_humanized',
      sorter: true,
      render: (age: string, rule) => (
        <Flex vertical>
          <span>{age}</span>
          {rule.changed_by && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              by {rule.changed_by.first_name} {rule.changed_by.last_name}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, rule) => (
        <Flex gap={2} justify="flex-end">
          <Tooltip title="Edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label="Edit"
              data-testid="rls-edit"
              onClick={() => setModalState({ mode: 'edit', rule })}
            />
          </Tooltip>
          <Tooltip title="Delete">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label="Delete"
              data-testid="rls-delete"
              onClick={() => confirmDelete(rule)}
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
      data-testid="rls-add"
    >
      Rule
    </Button>
  );

  return (
    <div data-testid="rls-list-page">
      <PageHeader
        title="Row level security"
        subtitle="Rules that add a WHERE clause to every query on their datasets, by role."
        icon={<FilterOutlined />}
        actions={addButton}
      />
      <ListView<RlsRule>
        testId="rls-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        searchPlaceholder="Search rules"
        errorTitle="Could not load the rules"
        defaultSort={{ field: 'changed_on_delta_humanized', order: 'desc' }}
        empty={
          <EmptyState
            testId="rls-empty"
            title="No rules yet"
            description="A rule limits the rows some roles see, e.g. region = 'EU' for the Europe team, on the datasets it names."
            action={addButton}
          />
        }
      />
      {modalState && (
        <RlsModal
          rule={modalState.mode === 'edit' ? modalState.rule : undefined}
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
