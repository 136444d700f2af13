import { type User, UserCreate } from '@tessera/shared/api/security';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { toClientErrorObject } from '../../../app/api.ts';
import { zodRule } from '../../../app/forms.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { usersApi } from '../usersApi.ts';

interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password?: string;
  active: boolean;
  roles: number[];
}

export interface UserModalProps {
  /** Edit this user; create one when absent. */
  user?: User;
  onClose: () => void;
  onSaved: () => void;
}

const fields = UserCreate.shape;

/** Create or edit a user: names, e-mail, password, roles, and whether the account is active. */
export function UserModal({ user, onClose, onSaved }: UserModalProps) {
  const editing = user !== undefined;
  const [form] = Form.useForm<UserFormValues>();
  const { addSuccessToast } = useToasts();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const roles = useApiQuery((signal) => usersApi.roles(signal), []);

  const save = async () => {
    let values: UserFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const body = {
        username: values.username.trim(),
        first_name: values.first_name.trim(),
        last_name: (values.last_name ?? '').trim(),
        email: values.email.trim(),
        active: values.active,
        roles: values.roles,
      };
      if (editing) {
        await usersApi.update(
          user.id,
          values.password ? { ...body, password: values.password } : body,
        );
        addSuccessToast(`User ${body.username} was updated`);
      } else {
        await usersApi.create({ ...body, password: values.password ?? '' });
        addSuccessToast(`User ${body.username} was created`);
      }
      onSaved();
    } catch (failure) {
      setError(toClientErrorObject(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? `Edit user ${user.username}` : 'Add user'}
      onCancel={onClose}
      onOk={save}
      okText={editing ? 'Save' : 'Add user'}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'user-submit' }}
      data-testid="user-modal"
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={
          user
            ? {
                username: user.username,
                first_name: user.first_name,
                last_name: user.last_name,
                email: user.email,
                active: user.active,
                roles: user.roles.map((role) => role.id),
              }
            : { active: true, roles: [] }
        }
      >
        <Form.Item name="username" label="Username" required rules={[zodRule(fields.username)]}>
          <Input autoComplete="off" data-testid="user-username" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="first_name"
              label="First name"
              required
              rules={[zodRule(fields.first_name)]}
            >
              <Input data-testid="user-first-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="last_name" label="Last name" rules={[zodRule(fields.last_name)]}>
              <Input data-testid="user-last-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label="E-mail" required rules={[zodRule(fields.email)]}>
          <Input type="email" autoComplete="off" data-testid="user-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          required={!editing}
          extra={editing ? 'Leave empty to keep the current password.' : undefined}
          rules={[zodRule(fields.password, { optional: editing })]}
        >
          <Input.Password autoComplete="new-password" data-testid="user-password" />
        </Form.Item>
        <Form.Item
          name="roles"
          label="Roles"
          required
          rules={[zodRule(fields.roles, { empty: [] })]}
        >
          <Select
            mode="multiple"
            loading={roles.loading}
            placeholder="Select roles"
            optionFilterProp="label"
            options={(roles.data?.result ?? []).map((role) => ({
              value: role.id,
              label: role.name,
            }))}
            data-testid="user-roles"
          />
        </Form.Item>
        <Form.Item
          name="active"
          label="Active"
          valuePropName="checked"
          extra="Inactive users cannot sign in."
        >
          <Switch data-testid="user-active" />
        </Form.Item>
      </Form>
      {(error ?? roles.error) && (
        <ErrorAlert error={(error ?? roles.error) as ClientErrorObject} testId="user-save-error" />
      )}
    </Modal>
  );
}
