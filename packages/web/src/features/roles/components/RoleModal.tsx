import { type Role, RoleInput } from '@tessera/shared/api/security';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { databaseView, schemaView } from '@tessera/shared/permissions';
import { Alert, Checkbox, Flex, Form, Input, Select, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { toClientErrorObject } from '../../../app/api.ts';
import { zodRule } from '../../../app/forms.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import {
  groupedPermissionOptions,
  isGrant,
  type Pair,
  pairFromKey,
  pairKey,
  uniquePairs,
} from '../permissionPairs.ts';
import { rolesApi } from '../rolesApi.ts';
import { DatasetGrants } from './DatasetGrants.tsx';

interface RoleFormValues {
  name: string;
  permissions: string[];
  all_database_access: boolean;
  all_datasource_access: boolean;
  database_access: string[];
  schema_access: string[];
  datasource_access: string[];
}

export interface RoleModalProps {
  role?: Role;
  onClose: () => void;
  onSaved: () => void;
}

function viewsOf(pairs: Pair[], permission: string): string[] {
  return pairs.filter(([p]) => p === permission).map(([, view]) => view);
}

export function initialRoleValues(role: Role | undefined): RoleFormValues {
  const pairs = (role?.permissions ?? []) as Pair[];
  return {
    name: role?.name ?? '',
    permissions: pairs.filter((pair) => !isGrant(pair)).map(pairKey),
    all_database_access: pairs.some(([p]) => p === 'all_database_access'),
    all_datasource_access: pairs.some(([p]) => p === 'all_datasource_access'),
    database_access: viewsOf(pairs, 'database_access'),
    schema_access: viewsOf(pairs, 'schema_access'),
    datasource_access: viewsOf(pairs, 'datasource_access'),
  };
}

/** The pairs a role is saved with: plain permissions plus its object grants. */
export function rolePairs(values: RoleFormValues): Pair[] {
  const pairs: Pair[] = (values.permissions ?? []).map(pairFromKey);
  if (values.all_database_access) pairs.push(['all_database_access', 'all_database_access']);
  if (values.all_datasource_access) pairs.push(['all_datasource_access', 'all_datasource_access']);
  for (const view of values.database_access ?? []) pairs.push(['database_access', view]);
  for (const view of values.schema_access ?? []) pairs.push(['schema_access', view]);
  for (const view of values.datasource_access ?? []) pairs.push(['datasource_access', view]);
  return uniquePairs(pairs);
}

function SchemaGrants({ databases }: { databases: Array<{ id: number; database_name: string }> }) {
  const [databaseId, setDatabaseId] = useState<number | undefined>(undefined);
  const database = databases.find((db) => db.id === databaseId);
  const schemas = useApiQuery(
    (signal) => rolesApi.schemas(databaseId as number, signal),
    [databaseId],
    {
      enabled: databaseId !== undefined,
    },
  );
  const chosen: string[] = Form.useWatch('schema_access') ?? [];
  const options = useMemo(() => {
    const offered = database
      ? (schemas.data?.result ?? []).map((schema) => schemaView(database.database_name, schema))
      : [];
    return [...new Set([...chosen, ...offered])].map((view) => ({ value: view, label: view }));
  }, [chosen, database, schemas.data]);
  return (
    <Form.Item
      label="Schema access"
      extra="Read every table of the chosen schemas. Pick a database to list its schemas."
    >
      <Flex gap={8} align="flex-start">
        <Select
          style={{ width: 200, flex: 'none' }}
          placeholder="Database"
          value={databaseId}
          onChange={setDatabaseId}
          options={databases.map((db) => ({ value: db.id, label: db.database_name }))}
          data-testid="role-schema-database"
        />
        <Form.Item name="schema_access" noStyle>
          <Select
            mode="multiple"
            loading={schemas.loading && databaseId !== undefined}
            placeholder="Schemas"
            options={options}
            data-testid="role-schema-access"
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}

/** Create or edit a role: its name, permission-view pairs, and object grants. */
export function RoleModal({ role, onClose, onSaved }: RoleModalProps) {
  const editing = role !== undefined;
  const [form] = Form.useForm<RoleFormValues>();
  const { addSuccessToast } = useToasts();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const permissions = useApiQuery((signal) => rolesApi.permissions(signal), []);
  const databases = useApiQuery((signal) => rolesApi.databases(signal), []);

  const databaseList = (databases.data?.result ?? []).filter(
    (db): db is { id: number; database_name: string } =>
      typeof db.id === 'number' && typeof db.database_name === 'string',
  );
  const allPairs = (permissions.data?.result ?? []) as Pair[];
  const permissionOptions = useMemo(() => groupedPermissionOptions(allPairs), [allPairs]);
  const save = async () => {
    let values: RoleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    values = { ...form.getFieldsValue(true), ...values };
    setSaving(true);
    setError(null);
    try {
      const body = { name: values.name.trim(), permissions: rolePairs(values) };
      if (editing) await rolesApi.update(role.id, body);
      else await rolesApi.create(body);
      addSuccessToast(editing ? `Role ${body.name} was updated` : `Role ${body.name} was created`);
      onSaved();
    } catch (failure) {
      setError(toClientErrorObject(failure));
    } finally {
      setSaving(false);
    }
  };

  const loadError = permissions.error ?? databases.error;

  return (
    <Modal
      open
      width={760}
      title={editing ? `Edit role ${role.name}` : 'Add role'}
      onCancel={onClose}
      onOk={save}
      okText={editing ? 'Save' : 'Add role'}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'role-submit' }}
      data-testid="role-modal"
    >
      {role?.builtin && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="This is a built-in role. Changes apply to everyone who has it."
        />
      )}
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initialRoleValues(role)}
      >
        <Form.Item name="name" label="Name" required rules={[zodRule(RoleInput.shape.name)]}>
          <Input data-testid="role-name" autoComplete="off" />
        </Form.Item>
        <Tabs
          items={[
            {
              key: 'permissions',
              label: <span data-testid="role-tab-permissions">Permissions</span>,
              forceRender: true,
              children: (
                <Form.Item
                  name="permissions"
                  extra="What members may do, as permission and view pairs (can_read on Dashboard)."
                >
                  <Select
                    mode="multiple"
                    allowClear
                    loading={permissions.loading}
                    placeholder="Search permissions"
                    options={permissionOptions}
                    optionFilterProp="label"
                    maxTagCount="responsive"
                    data-testid="role-permissions"
                  />
                </Form.Item>
              ),
            },
            {
              key: 'data',
              label: <span data-testid="role-tab-data">Data access</span>,
              forceRender: true,
              children: (
                <>
                  <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                    Which data members may read. A grant on a database covers all its schemas and
                    tables.
                  </Typography.Paragraph>
                  <Flex gap={24} style={{ marginBottom: 12 }}>
                    <Form.Item name="all_database_access" valuePropName="checked" noStyle>
                      <Checkbox data-testid="role-all-database-access">All databases</Checkbox>
                    </Form.Item>
                    <Form.Item name="all_datasource_access" valuePropName="checked" noStyle>
                      <Checkbox data-testid="role-all-datasource-access">All datasets</Checkbox>
                    </Form.Item>
                  </Flex>
                  <Form.Item name="database_access" label="Database access">
                    <Select
                      mode="multiple"
                      loading={databases.loading}
                      placeholder="Databases"
                      optionFilterProp="label"
                      options={databaseList.map((db) => ({
                        value: databaseView(db.database_name, db.id),
                        label: db.database_name,
                      }))}
                      data-testid="role-database-access"
                    />
                  </Form.Item>
                  <SchemaGrants databases={databaseList} />
                  <DatasetGrants />
                </>
              ),
            },
          ]}
        />
      </Form>
      {(error ?? loadError) && (
        <ErrorAlert error={(error ?? loadError) as ClientErrorObject} testId="role-save-error" />
      )}
    </Modal>
  );
}
