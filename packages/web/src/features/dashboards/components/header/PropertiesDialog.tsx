import { checkJsonMetadataText } from '@tessera/shared/dashboard/metadata';
import { UNTITLED_DASHBOARD_TITLE } from '@tessera/shared/dashboard/save';
import { Alert, Flex, Form, Input, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { api, errorMessage } from '../../../../app/api.ts';
import { useAppSelector } from '../../../../app/store.ts';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { colorSchemeOptions } from '../../../explore/controls/ColorSchemeControl.tsx';
import { dashboardApi } from '../../dashboardApi.ts';
import type { PropertiesValues, Ref } from './properties.ts';

type Draft = Omit<PropertiesValues, 'metadata'> & { jsonMetadata: string };

const draftOf = (values: PropertiesValues): Draft => {
  const { metadata, ...rest } = values;
  return { ...rest, jsonMetadata: JSON.stringify(metadata ?? {}, null, 2) };
};

/**
 * The Edit properties form: title, slug, owners, roles (with DASHBOARD_RBAC only), certification,
 * colour scheme and JSON metadata. What Save or Apply does is the caller's; a rejection shows its
 * message in the dialog and keeps it open. `initial` is null while the dashboard loads.
 */
export function PropertiesDialog({
  initial,
  loadError,
  okText,
  onSubmit,
  onClose,
}: {
  initial: PropertiesValues | null;
  loadError?: string | null;
  okText: string;
  onSubmit: (values: PropertiesValues) => Promise<void>;
  onClose: () => void;
}) {
  const rbac = useAppSelector((s) => s.session.common.feature_flags.DASHBOARD_RBAC ?? false);
  const calls = useMemo(() => dashboardApi(api), []);
  const [draft, setDraft] = useState<Draft | null>(() => (initial ? draftOf(initial) : null));
  // The list opens the dialog before the dashboard is read: the form starts once it is.
  if (!draft && initial) setDraft(draftOf(initial));
  const [ownerSearch, setOwnerSearch] = useState('');
  const [roleSearch, setRoleSearch] = useState('');
  const owners = useApiQuery((signal) => calls.relatedOwners(ownerSearch, signal), [ownerSearch]);
  const roles = useApiQuery((signal) => calls.relatedRoles(roleSearch, signal), [roleSearch], {
    enabled: rbac,
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const metadataCheck = checkJsonMetadataText(draft?.jsonMetadata ?? '{}');
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const options = (answer: typeof owners.data, chosen: Ref[]) => {
    const map = new Map(chosen.map((r) => [r.id, r.name]));
    for (const row of answer?.result ?? []) map.set(row.value, row.text);
    return [...map].map(([value, label]) => ({ value, label }));
  };
  const ownerOptions = options(owners.data, draft?.owners ?? []);
  const roleOptions = options(roles.data, draft?.roles ?? []);

  const submit = async () => {
    if (!draft || !metadataCheck.ok) return;
    const { jsonMetadata: _text, ...rest } = draft;
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit({ ...rest, metadata: metadataCheck.value });
    } catch (error) {
      setFailure(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title="Dashboard properties"
      onCancel={onClose}
      onOk={submit}
      okText={okText}
      confirmLoading={saving}
      okButtonProps={
        {
          disabled: !draft || !metadataCheck.ok,
          'data-testid': 'dashboard-properties-save',
        } as never
      }
      data-testid="dashboard-properties-modal"
    >
      {(failure || loadError) && (
        <Alert
          type="error"
          showIcon
          title={failure ?? loadError}
          style={{ marginBottom: 12 }}
          data-testid="dashboard-properties-error"
        />
      )}
      {!draft ? (
        !loadError && (
          <Flex justify="center" style={{ padding: 24 }} data-testid="dashboard-properties-loading">
            <Spin />
          </Flex>
        )
      ) : (
        <Form layout="vertical">
          <Flex gap={12}>
            <Form.Item label="Name" style={{ flex: 1 }}>
              <Input
                value={draft.title}
                placeholder={UNTITLED_DASHBOARD_TITLE}
                onChange={(e) => set({ title: e.target.value })}
                data-testid="dashboard-properties-title"
              />
            </Form.Item>
            <Form.Item
              label="URL slug"
              style={{ flex: 1 }}
              extra="A readable URL for your dashboard"
            >
              <Input
                value={draft.slug}
                onChange={(e) => set({ slug: e.target.value })}
                data-testid="dashboard-properties-slug"
              />
            </Form.Item>
          </Flex>
          <Form.Item label="Owners" extra="Owners can edit the dashboard.">
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setOwnerSearch }}
              value={draft.owners.map((o) => o.id)}
              options={ownerOptions}
              onChange={(ids: number[]) =>
                set({
                  owners: ids.map((id) => ({
                    id,
                    name: String(ownerOptions.find((o) => o.value === id)?.label ?? id),
                  })),
                })
              }
              data-testid="dashboard-properties-owners"
            />
          </Form.Item>
          {rbac && (
            <Form.Item label="Roles" extra="Roles with access to the dashboard's data.">
              <Select
                mode="multiple"
                showSearch={{ filterOption: false, onSearch: setRoleSearch }}
                value={draft.roles.map((r) => r.id)}
                options={roleOptions}
                onChange={(ids: number[]) =>
                  set({
                    roles: ids.map((id) => ({
                      id,
                      name: String(roleOptions.find((o) => o.value === id)?.label ?? id),
                    })),
                  })
                }
                data-testid="dashboard-properties-roles"
              />
            </Form.Item>
          )}
          <Flex gap={12}>
            <Form.Item label="Certified by" style={{ flex: 1 }}>
              <Input
                value={draft.certifiedBy}
                onChange={(e) => set({ certifiedBy: e.target.value })}
                data-testid="dashboard-properties-certified-by"
              />
            </Form.Item>
            <Form.Item label="Certification details" style={{ flex: 1 }}>
              <Input
                value={draft.certificationDetails}
                disabled={!draft.certifiedBy.trim()}
                onChange={(e) => set({ certificationDetails: e.target.value })}
                data-testid="dashboard-properties-certification-details"
              />
            </Form.Item>
          </Flex>
          <Form.Item label="Color scheme">
            <Select
              allowClear
              value={draft.colorScheme ?? undefined}
              onChange={(value?: string) => set({ colorScheme: value ?? null })}
              // Each scheme with its colours: the choice is previewed before it is applied.
              options={colorSchemeOptions(false)}
              optionFilterProp="title"
              data-testid="dashboard-properties-color-scheme"
            />
          </Form.Item>
          <Form.Item
            label="JSON metadata"
            validateStatus={metadataCheck.ok ? undefined : 'error'}
            help={metadataCheck.ok ? undefined : metadataCheck.errors.join('; ')}
          >
            <Input.TextArea
              rows={8}
              value={draft.jsonMetadata}
              onChange={(e) => set({ jsonMetadata: e.target.value })}
              style={{ fontFamily: 'monospace', fontSize: 12 }}
              data-testid="dashboard-properties-json"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
