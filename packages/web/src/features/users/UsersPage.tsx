import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  StopOutlined,
  TeamOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { User } from '@tessera/shared/api/security';
import { isAdmin } from '@tessera/shared/permissions';
import {
  App,
  Avatar,
  Badge,
  Button,
  Flex,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/api.ts';
import { pageLocally } from '../../app/clientList.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { Forbidden } from '../../components/Forbidden.tsx';
import { type ListParams, ListView } from '../../components/ListView.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
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
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [modalState, setModalState] = useState<ModalState>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);

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

  const confirmDelete = (user: User) => {
    modal.confirm({
      title: `Delete user "${user.username}"?`,
      content: 'Consider deactivating instead: a deleted user cannot be restored.',
      okText: 'Delete',
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await usersApi.remove(user.id);
          addSuccessToast(`Deleted: ${user.username}`);
          reload();
        } catch (failure) {
          addDangerToast(errorMessage(failure));
        }
      },
    });
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
        return (
          <Flex gap={2} justify="flex-end">
            <Tooltip title="Edit">
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label="Edit"
                data-testid="user-edit"
                onClick={() => setModalState({ mode: 'edit', user })}
              />
            </Tooltip>
            {user.active ? (
              <Tooltip title={self ? 'You cannot deactivate yourself' : 'Deactivate'}>
                <Button
                  type="text"
                  icon={<StopOutlined />}
                  aria-label="Deactivate"
                  data-testid="user-deactivate"
                  disabled={self}
                  onClick={() => setActive(user, false)}
                />
              </Tooltip>
            ) : (
              <Tooltip title="Activate">
                <Button
                  type="text"
                  icon={<UndoOutlined />}
                  aria-label="Activate"
                  data-testid="user-activate"
                  onClick={() => setActive(user, true)}
                />
              </Tooltip>
            )}
            <Tooltip title={self ? 'You cannot delete yourself' : 'Delete'}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="Delete"
                data-testid="user-delete"
                disabled={self}
                onClick={() => confirmDelete(user)}
              />
            </Tooltip>
          </Flex>
        );
      },
    },
  ];

  return (
    <div data-testid="users-page">
      <PageHeader
        title="Users"
        subtitle="People who can sign in to Tessera, and the roles that decide what they see."
        icon={<TeamOutlined />}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="user-add"
            onClick={() => setModalState({ mode: 'create' })}
          >
            User
          </Button>
        }
      />
      <ListView<User>
        testId="user-list"
        rowKey="id"
        columns={columns}
        load={load}
        reloadToken={reloadToken}
        searchPlaceholder="Search by name, e-mail or role"
        errorTitle="Could not load users"
        defaultSort={{ field: 'username', order: 'asc' }}
      />
      {modalState && (
        <UserModal
          user={modalState.mode === 'edit' ? modalState.user : undefined}
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
