import { DeleteOutlined, EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { Role } from '@tessera/shared/api/security';
import { isAdmin } from '@tessera/shared/permissions';
import { Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback } from 'react';
import { errorMessage } from '../../app/api.ts';
import { pageLocally } from '../../app/clientList.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { Forbidden } from '../../components/Forbidden.tsx';
import { ListPage } from '../../components/ListPage.tsx';
import type { ListParams } from '../../components/ListView.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useConfirmDelete, useListPage } from '../../components/useListPage.ts';
import { RoleModal } from './components/RoleModal.tsx';
import { isGrant } from './permissionPairs.ts';
import { rolesApi } from './rolesApi.ts';

type ModalState = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

/** `/roles/list/` (admins): roles with their permissions and data grants. */
export function RolesPage() {
  usePageTitle('Roles');
  const me = useAppSelector((state) => state.session.user);
  const { addSuccessToast, addDangerToast } = useToasts();
  const { modalState, openModal, closeModal, onSaved, reloadToken, reload } =
    useListPage<ModalState>();
  const confirmDelete = useConfirmDelete({
    onDeleted: (name) => {
      addSuccessToast(`Deleted: ${name}`);
      reload();
    },
    onFailed: (failure) => addDangerToast(errorMessage(failure)),
  });

  const load = useCallback(async (params: ListParams, signal: AbortSignal) => {
    const answer = await rolesApi.list(signal);
    return pageLocally(answer.result, params, (role) => role.name);
  }, []);

  if (!isAdmin(me)) return <Forbidden what="role administration" />;

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
        <RowActions
          actions={[
            {
              label: 'Edit',
              icon: <EditOutlined />,
              testId: 'role-edit',
              onClick: () => openModal({ mode: 'edit', role }),
            },
            {
              label: 'Delete',
              icon: <DeleteOutlined />,
              testId: 'role-delete',
              danger: true,
              disabled: role.builtin,
              tooltip: role.builtin ? 'Built-in roles cannot be deleted' : undefined,
              onClick: () =>
                confirmDelete({
                  name: role.name,
                  title: `Delete role "${role.name}"?`,
                  content:
                    role.user_count > 0
                      ? `${role.user_count} user(s) have this role and lose its permissions.`
                      : 'No user has this role.',
                  remove: () => rolesApi.remove(role.id),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<Role>
      testId="roles-page"
      title="Roles"
      subtitle="A role bundles permissions and grants on databases, schemas and datasets."
      icon={<SafetyCertificateOutlined />}
      add={{ label: 'Role', testId: 'role-add', onClick: () => openModal({ mode: 'create' }) }}
      list={{
        testId: 'role-list',
        rowKey: 'id',
        columns,
        load,
        reloadToken,
        searchPlaceholder: 'Search roles',
        errorTitle: 'Could not load roles',
        defaultSort: { field: 'name', order: 'asc' },
      }}
    >
      {modalState && (
        <RoleModal
          role={modalState.mode === 'edit' ? modalState.role : undefined}
          onClose={closeModal}
          onSaved={onSaved}
        />
      )}
    </ListPage>
  );
}
