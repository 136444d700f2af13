import { RlsCreateBody, type RlsFilterType, type RlsRule } from '@tessera/shared/api/rls';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Col, Form, Input, Row, Segmented, Select, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { toClientErrorObject } from '../../../app/api.ts';
import { zodRule } from '../../../app/forms.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { rlsApi } from '../rlsApi.ts';

interface RlsFormValues {
  name: string;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key?: string;
  clause: string;
  description?: string;
}

export interface RlsModalProps {
  /** Edit this rule; create one when absent. */
  rule?: RlsRule;
  onClose: () => void;
  onSaved: () => void;
}

const FILTER_TYPE_HELP: Record<RlsFilterType, string> = {
  Regular:
    'Applies to members of the roles below: their queries on the datasets get the clause added.',
  Base: 'Applies to everyone except the roles below: a default restriction that those roles are exempt from.',
};

const fields = RlsCreateBody.shape;
const SEARCH_DELAY_MS = 250;

const tableLabel = (t: { schema: string | null; table_name: string }) =>
  t.schema ? `${t.schema}.${t.table_name}` : t.table_name;

/** Create or edit a row-level security rule. */
export function RlsModal({ rule, onClose, onSaved }: RlsModalProps) {
  const editing = rule !== undefined;
  const { token } = theme.useToken();
  const [form] = Form.useForm<RlsFormValues>();
  const { addSuccessToast } = useToasts();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const filterType = Form.useWatch('filter_type', form) ?? rule?.filter_type ?? 'Regular';

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const roles = useApiQuery((signal) => rlsApi.roles(signal), []);
  const datasets = useApiQuery((signal) => rlsApi.datasets(search, signal), [search]);

  // Labels of the rule's own datasets stay known while a search shows others.
  const [known, setKnown] = useState<Map<number, string>>(
    () => new Map((rule?.tables ?? []).map((t) => [t.id, tableLabel(t)])),
  );
  useEffect(() => {
    const rows = datasets.data?.result ?? [];
    if (rows.length === 0) return;
    setKnown((current) => {
      const next = new Map(current);
      for (const row of rows) {
        next.set(
          Number(row.id),
          tableLabel({
            schema: (row.schema as string | null) ?? null,
            table_name: String(row.table_name),
          }),
        );
      }
      return next;
    });
  }, [datasets.data]);
  const datasetOptions = useMemo(() => {
    const shown = new Set((datasets.data?.result ?? []).map((row) => Number(row.id)));
    const chosen: number[] = form.getFieldValue('tables') ?? [];
    for (const id of chosen) shown.add(id);
    return [...shown].map((id) => ({ value: id, label: known.get(id) ?? `Dataset ${id}` }));
  }, [datasets.data, known, form]);

  const save = async () => {
    let values: RlsFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const body = {
      name: values.name.trim(),
      filter_type: values.filter_type,
      tables: values.tables,
      roles: values.roles ?? [],
      group_key: values.group_key?.trim() || null,
      clause: values.clause,
      description: values.description?.trim() || null,
    };
    try {
      if (editing) {
        await rlsApi.update(rule.id, body);
        addSuccessToast(`Rule ${body.name} was updated`);
      } else {
        await rlsApi.create(body);
        addSuccessToast(`Rule ${body.name} was created`);
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
      width={720}
      title={editing ? `Edit rule ${rule.name}` : 'Add row level security rule'}
      onCancel={onClose}
      onOk={save}
      okText={editing ? 'Save' : 'Add rule'}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'rls-submit' }}
      cancelButtonProps={{ 'data-testid': 'rls-cancel' }}
      data-testid="rls-modal"
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', paddingRight: 4 } }}
    >
      <Form<RlsFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{
          name: rule?.name ?? '',
          filter_type: rule?.filter_type ?? 'Regular',
          tables: rule?.tables.map((t) => t.id) ?? [],
          roles: rule?.roles.map((r) => r.id) ?? [],
          group_key: rule?.group_key ?? '',
          clause: rule?.clause ?? '',
          description: rule?.description ?? '',
        }}
        data-testid="rls-form"
      >
        <Form.Item name="name" label="Rule name" rules={[zodRule(fields.name)]}>
          <Input autoComplete="off" data-testid="rls-name" />
        </Form.Item>
        <Form.Item label="Filter type" required style={{ marginBottom: 8 }}>
          <Form.Item name="filter_type" noStyle>
            <Segmented<RlsFilterType>
              options={[
                { value: 'Regular', label: <span data-testid="rls-type-regular">Regular</span> },
                { value: 'Base', label: <span data-testid="rls-type-base">Base</span> },
              ]}
            />
          </Form.Item>
          <div
            data-testid="rls-type-help"
            style={{
              marginTop: 8,
              padding: '8px 12px',
              borderRadius: token.borderRadius,
              background: token.colorFillQuaternary,
              fontSize: 13,
            }}
          >
            <Typography.Text type="secondary">{FILTER_TYPE_HELP[filterType]}</Typography.Text>
          </div>
        </Form.Item>
        <Form.Item
          name="tables"
          label="Datasets"
          rules={[{ required: true, type: 'array', min: 1, message: 'Pick at least one dataset' }]}
          extra="The rule applies to every query on these datasets."
        >
          <Select<number[]>
            mode="multiple"
            placeholder="Search datasets"
            showSearch={{ onSearch: setTyped, filterOption: false }}
            loading={datasets.loading}
            options={datasetOptions}
            notFoundContent={datasets.loading ? 'Loading…' : 'No dataset matches'}
            onBlur={() => setTyped('')}
            data-testid="rls-tables"
          />
        </Form.Item>
        <Form.Item
          name="roles"
          label={filterType === 'Base' ? 'Excluded roles' : 'Roles'}
          extra={
            filterType === 'Base'
              ? 'Members of these roles are exempt from the rule.'
              : 'The rule applies to members of these roles.'
          }
        >
          <Select<number[]>
            mode="multiple"
            placeholder="Select roles"
            loading={roles.loading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(roles.data?.result ?? []).map((role) => ({
              value: role.id,
              label: role.name,
            }))}
            data-testid="rls-roles"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item
              name="group_key"
              label="Group key"
              extra="Rules sharing a key are ORed; different keys are ANDed."
            >
              <Input placeholder="e.g. region" autoComplete="off" data-testid="rls-group-key" />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="clause"
              label="Clause"
              rules={[{ required: true, whitespace: true, message: 'The rule needs a clause' }]}
              extra="A SQL condition added to the WHERE clause, e.g. region = 'EU'. Templates such as {{ current_username() }} work."
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                spellCheck={false}
                style={{ fontFamily: token.fontFamilyCode, fontSize: 13 }}
                placeholder="region = 'EU'"
                data-testid="rls-clause"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="Description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="rls-description" />
        </Form.Item>
      </Form>
      {error && <ErrorAlert error={error} testId="rls-save-error" />}
    </Modal>
  );
}
