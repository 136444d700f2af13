import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { Role } from '@tessera/shared/api/security';
import { isAdmin } from '@tessera/shared/permissions';
import { App, Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/api.ts';
import { pageLocally } from '../../app/clientList.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RoleModal } from './components/RoleModal.tsx';
import { isGrant } from './permissionPairs.ts';
import { rolesApi } from './rolesApi.ts';

type ModalState = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

/** `/roles/list/` (admins): roles with their permissions and data grants. */
export function RolesPage() {
  usePageTitle('Roles');
  const me = useAppSelector((state) => state.session.user);
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [modalState, setModalState] = useState<ModalState>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);

  const load = useCallback(async (params: ListParams, signal: AbortSignal) => {
    const answer = await rolesApi.list(signal);
    return pageLocally(answer.result, params, (role) => role.name);
  }, []);

  if (!isAdmin(me)) return <Forbidden what="role administration" />;

  const confirmDelete = (role: Role) => {
    modal.confirm({
      title: `Delete role "${role.name}"?`,
      content:
        role.user_count > 0
          ? `${role.user_count} user(s) have this role and lose its permissions.`
          : 'No user has this role.',
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await rolesApi.remove(role.id);
          addSuccessToast(`Deleted: ${role.name}`);
          reload();
        } catch (failure) {
          addDangerToast(errorMessage(failure));
        }
      },
    });
  };

  const columns: TableColumnsType<Role> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, role) => (
        <Flex gap={8} align="center">
          <Typography.Text strong data-testid="role-row-name">
            {name}
          </Typography.Text>
          {role.builtin && <Tag>Built-in</Tag>}
        </Flex>
      ),
    },
    {
      title: 'Permissions',
      key: 'permissions',
      render: (_, role) => role.permissions.filter((pair) => !isGrant(pair)).length,
      align: 'right',
    },
    {
      title: 'Data grants',
      key: 'grants',
      render: (_, role) => {
        const grants = role.permissions.filter(isGrant);
        if (grants.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
        return (
          <Flex gap={4} wrap style={{ maxWidth: 420 }}>
            {grants.slice(0, 4).map(([permission, view]) => (
              <Tooltip key={`${permission}${view}`} title={permission}>
                <Tag color="geekblue">{view}</Tag>
              </Tooltip>
            ))}
            {grants.length > 4 && <Tag>+{grants.length - 4}</Tag>}
          </Flex>
        );
      },
    },
    { title: 'Users', dataIndex: 'user_count', key: 'user_count', sorter: true, align: 'right' },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, role) => (
        <Flex gap={2} justify="flex-end">
          <Tooltip title="Edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label="Edit"
              data-testid="role-edit"
              onClick={() => setModalState({ mode: 'edit', role })}
            />
          </Tooltip>
          <Tooltip title={role.builtin ? 'Built-in roles cannot be deleted' : 'Delete'}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label="Delete"
              data-testid="role-delete"
              disabled={role.builtin}
              onClick={() => confirmDelete(role)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <div data-testid="roles-page">
      <PageHeader
        title="Roles"
        subtitle="A role bundles permissions and grants on databases, schemas and datasets."
        icon={<SafetyCertificateOutlined />}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="role-add"
            onClick={() => setModalState({ mode: 'create' })}
          >
            Role
          </Button>
        }
      />
      <ListView<Role>
        testId="role-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        searchPlaceholder="Search roles"
        errorTitle="Could not load roles"
        defaultSort={{ field: 'name', order: 'asc' }}
      />
      {modalState && (
        <RoleModal
          role={modalState.mode === 'edit' ? modalState.role : undefined}
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
