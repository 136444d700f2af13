import { CATEGORICAL_SCHEMES } from '@tessera/shared/color/schemes';
import { checkJsonMetadataText, type JsonMetadata } from '@tessera/shared/dashboard/metadata';
import { buildDashboardSaveBody } from '@tessera/shared/dashboard/save';
import { Alert, Flex, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { api, errorMessage } from '../../../../app/api.ts';
import { useAppSelector } from '../../../../app/store.ts';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { dashboardApi } from '../../dashboardApi.ts';
import { dashboardInfoChanged, metadataChanged } from '../../state/dashboardInfoSlice.ts';
import { colorSchemeChanged, lastModifiedTimeSet } from '../../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../../state/hooks.ts';

type Ref = { id: number; name: string };

interface Draft {
  title: string;
  slug: string;
  owners: Ref[];
  roles: Ref[];
  certifiedBy: string;
  certificationDetails: string;
  colorScheme: string | null;
  jsonMetadata: string;
}

/**
 * Title, slug, owners, roles (with DASHBOARD_RBAC only), certification, colour scheme and JSON
 * metadata. In edit mode the values apply to the page and are saved with it; in view mode they
 * are saved at once.
 */
export function PropertiesModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDashboardDispatch();
  const { addSuccessToast } = useToasts();
  const rbac = useAppSelector((s) => s.session.common.feature_flags.DASHBOARD_RBAC ?? false);
  const info = useDashboardSelector((s) => s.dashboardInfo.info);
  const css = useDashboardSelector((s) => s.dashboardState.css);
  const editMode = useDashboardSelector((s) => s.dashboardState.editMode);
  const colorScheme = useDashboardSelector((s) => s.dashboardState.colorScheme);
  const calls = useMemo(() => dashboardApi(api), []);
  const [draft, setDraft] = useState<Draft>(() => ({
    title: info?.dashboard_title ?? '',
    slug: info?.slug ?? '',
    owners: (info?.owners ?? []).map((o) => ({
      id: o.id,
      name: [o.first_name, o.last_name].filter(Boolean).join(' ') || String(o.id),
    })),
    roles: info?.roles ?? [],
    certifiedBy: info?.certified_by ?? '',
    certificationDetails: info?.certification_details ?? '',
    colorScheme,
    jsonMetadata: JSON.stringify(info?.metadata ?? {}, null, 2),
  }));
  const [ownerSearch, setOwnerSearch] = useState('');
  const [roleSearch, setRoleSearch] = useState('');
  const owners = useApiQuery((signal) => calls.relatedOwners(ownerSearch, signal), [ownerSearch]);
  const roles = useApiQuery((signal) => calls.relatedRoles(roleSearch, signal), [roleSearch], {
    enabled: rbac,
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const metadataCheck = checkJsonMetadataText(draft.jsonMetadata);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const options = (answer: typeof owners.data, chosen: Ref[]) => {
    const map = new Map(chosen.map((r) => [r.id, r.name]));
    for (const row of answer?.result ?? []) map.set(row.value, row.text);
    return [...map].map(([value, label]) => ({ value, label }));
  };
  const ownerOptions = options(owners.data, draft.owners);
  const roleOptions = options(roles.data, draft.roles);

  const apply = async () => {
    if (!info || !metadataCheck.ok) return;
    const metadata: JsonMetadata = { ...metadataCheck.value, color_scheme: draft.colorScheme };
    setFailure(null);
    if (!editMode) {
      setSaving(true);
      try {
        const body = buildDashboardSaveBody(
          {
            dashboard_title: draft.title,
            slug: draft.slug,
            css,
            certified_by: draft.certifiedBy,
            certification_details: draft.certificationDetails,
            owners: draft.owners,
            roles: draft.roles,
            metadata,
          },
          { DASHBOARD_RBAC: rbac },
        );
        const answer = await calls.update(info.id, body);
        if (answer.last_modified_time) dispatch(lastModifiedTimeSet(answer.last_modified_time));
        addSuccessToast('The dashboard has been saved');
      } catch (error) {
        setFailure(errorMessage(error));
        setSaving(false);
        return;
      }
      setSaving(false);
    }
    dispatch(
      dashboardInfoChanged({
        dashboard_title: draft.title,
        slug: draft.slug || null,
        owners: draft.owners.map((o) => ({ id: o.id, first_name: o.name, last_name: '' })),
        roles: draft.roles,
        certified_by: draft.certifiedBy || null,
        certification_details: draft.certifiedBy ? draft.certificationDetails || null : null,
      }),
    );
    dispatch(metadataChanged(metadata));
    dispatch(colorSchemeChanged(draft.colorScheme));
    onClose();
  };

  return (
    <Modal
      open
      width={720}
      title="Dashboard properties"
      onCancel={onClose}
      onOk={apply}
      okText={editMode ? 'Apply' : 'Save'}
      confirmLoading={saving}
      okButtonProps={
        { disabled: !metadataCheck.ok, 'data-testid': 'dashboard-properties-save' } as never
      }
      data-testid="dashboard-properties-modal"
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 12 }}
          data-testid="dashboard-properties-error"
        />
      )}
      <Form layout="vertical">
        <Flex gap={12}>
          <Form.Item label="Name" style={{ flex: 1 }}>
            <Input
              value={draft.title}
              onChange={(e) => set({ title: e.target.value })}
              data-testid="dashboard-properties-title"
            />
          </Form.Item>
          <Form.Item label="URL slug" style={{ flex: 1 }}>
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
            options={CATEGORICAL_SCHEMES.map((s) => ({ value: s.id, label: s.label }))}
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
    </Modal>
  );
}
