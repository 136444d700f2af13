import {
  DeleteOutlined,
  EditOutlined,
  StopOutlined,
  TeamOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { User } from '@tessera/shared/api/security';
import { isAdmin } from '@tessera/shared/permissions';
import { Avatar, Badge, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { errorMessage } from '../../app/api.ts';
import { pageLocally } from '../../app/clientList.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { Forbidden } from '../../components/Forbidden.tsx';
import { ListPage } from '../../components/ListPage.tsx';
import type { ListParams } from '../../components/ListView.tsx';
import { type RowAction, RowActions } from '../../components/RowActions.tsx';
import { useConfirmDelete, useListPage } from '../../components/useListPage.ts';
import { UserModal } from './components/UserModal.tsx';
import { usersApi } from './usersApi.ts';

type ModalState = { mode: 'create' } | { mode: 'edit'; user: User } | null;

function fullName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** `/users/list/` (admins): every account, with its roles and status. */
export function UsersPage() {
  usePageTitle('Users');
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
    const answer = await usersApi.list(signal);
    return pageLocally(answer.result, params, (user) =>
      [
        user.username,
        user.first_name,
        user.last_name,
        user.email,
        ...user.roles.map((r) => r.name),
      ].join(' '),
    );
  }, []);

  if (!isAdmin(me)) return <Forbidden what="user administration" />;

  const setActive = async (user: User, active: boolean) => {
    try {
      await usersApi.update(user.id, { active });
      addSuccessToast(
        active ? `${user.username} was activated` : `${user.username} was deactivated`,
      );
      reload();
    } catch (failure) {
      addDangerToast(errorMessage(failure));
    }
  };

  const columns: TableColumnsType<User> = [
    {
      title: 'Name',
      key: 'username',
      dataIndex: 'username',
      sorter: true,
      render: (_, user) => (
        <Flex align="center" gap={10}>
          <Avatar size={30} style={{ flex: 'none' }}>
            {(user.first_name[0] ?? user.username[0] ?? '?').toUpperCase()}
          </Avatar>
          <Flex vertical>
            <Typography.Text strong data-testid="user-row-name">
              {fullName(user)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.username}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: 'E-mail', dataIndex: 'email', key: 'email', sorter: true },
    {
      title: 'Roles',
      key: 'roles',
      dataIndex: 'roles',
      render: (roles: User['roles']) => (
        <Flex gap={4} wrap>
          {roles.map((role) => (
            <Tag key={role.id} color={role.name.toLowerCase() === 'admin' ? 'blue' : undefined}>
              {role.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: 'Status',
      key: 'active',
      dataIndex: 'active',
      sorter: true,
      render: (active: boolean) =>
        active ? (
          <Badge status="success" text="Active" />
        ) : (
          <Badge status="default" text="Inactive" />
        ),
    },
    {
      title: 'Last login',
      key: 'last_login',
      dataIndex: 'last_login',
      sorter: true,
      render: formatDate,
    },
    { title: 'Logins', key: 'login_count', dataIndex: 'login_count', sorter: true, align: 'right' },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, user) => {
        const self = user.id === me?.userId;
        const activation: RowAction = user.active
          ? {
              label: 'Deactivate',
              icon: <StopOutlined />,
              testId: 'user-deactivate',
              tooltip: self ? 'You cannot deactivate yourself' : undefined,
              disabled: self,
              onClick: () => setActive(user, false),
            }
          : {
              label: 'Activate',
              icon: <UndoOutlined />,
              testId: 'user-activate',
              onClick: () => setActive(user, true),
            };
        return (
          <RowActions
            actions={[
              {
                label: 'Edit',
                icon: <EditOutlined />,
                testId: 'user-edit',
                onClick: () => openModal({ mode: 'edit', user }),
              },
              activation,
              {
                label: 'Delete',
                icon: <DeleteOutlined />,
                testId: 'user-delete',
                danger: true,
                disabled: self,
                tooltip: self ? 'You cannot delete yourself' : undefined,
                onClick: () =>
                  confirmDelete({
                    name: user.username,
                    title: `Delete user "${user.username}"?`,
                    content: 'Consider deactivating instead: a deleted user cannot be restored.',
                    remove: () => usersApi.remove(user.id),
                  }),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <ListPage<User>
      testId="users-page"
      title="Users"
      subtitle="People who can sign in to Tessera, and the roles that decide what they see."
      icon={<TeamOutlined />}
      add={{ label: 'User', testId: 'user-add', onClick: () => openModal({ mode: 'create' }) }}
      list={{
        testId: 'user-list',
        rowKey: 'id',
        columns,
        load,
        reloadToken,
        searchPlaceholder: 'Search by name, e-mail or role',
        errorTitle: 'Could not load users',
        defaultSort: { field: 'username', order: 'asc' },
      }}
    >
      {modalState && (
        <UserModal
          user={modalState.mode === 'edit' ? modalState.user : undefined}
          onClose={closeModal}
          onSaved={onSaved}
        />
      )}
    </ListPage>
  );
}
