import type { ChartUpdateBody } from '@tessera/shared/api/charts';
import { Alert, Form, Input, InputNumber, Select, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api, errorMessage } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { Modal } from '../../../components/Modal.tsx';
import { exploreApi } from '../exploreApi.ts';
import { type ExploreSliceInfo, sliceUpdated } from '../state/exploreSlice.ts';
import { useExploreDispatch } from '../state/hooks.ts';

interface Draft {
  slice_name: string;
  description: string;
  owners: number[];
  cache_timeout: number | null;
  certified_by: string;
  certification_details: string;
}

/** The PUT body of the properties form; certification details only with a certifier. */
export function propertiesBody(draft: Draft): ChartUpdateBody {
  const certifiedBy = draft.certified_by.trim();
  return {
    slice_name: draft.slice_name.trim(),
    description: draft.description.trim() || null,
    owners: draft.owners,
    cache_timeout: draft.cache_timeout,
    certified_by: certifiedBy || null,
    certification_details: certifiedBy ? draft.certification_details.trim() || null : null,
  };
}

type SavedChart = Awaited<ReturnType<ReturnType<typeof exploreApi>['updateChart']>>['result'];

/** The properties dialog of a chart in Explore: a save updates the page's chart at once. */
export function PropertiesModal({
  slice,
  onClose,
}: {
  slice: ExploreSliceInfo;
  onClose: () => void;
}) {
  const dispatch = useExploreDispatch();
  return (
    <ChartPropertiesModal
      chartId={slice.slice_id}
      chartName={slice.slice_name}
      onClose={onClose}
      onSaved={(result) =>
        dispatch(
          sliceUpdated({
            slice: {
              ...slice,
              slice_name: result.slice_name,
              owners: result.owners,
              description: result.description,
              cache_timeout: result.cache_timeout,
              certified_by: result.certified_by,
              certification_details: result.certification_details,
            },
          }),
        )
      }
    />
  );
}

/**
 * Name, description, owners, cache timeout and certification of a saved chart (Explore's menu
 * and the chart list's pencil); `onSaved` gets the saved chart.
 */
export function ChartPropertiesModal({
  chartId,
  chartName,
  onSaved,
  onClose,
}: {
  chartId: number;
  chartName: string;
  onSaved: (result: SavedChart) => void;
  onClose: () => void;
}) {
  const { addSuccessToast } = useToasts();
  const calls = useMemo(() => exploreApi(api), []);
  const chart = useApiQuery((signal) => calls.getChart(chartId, undefined, signal), [chartId]);
  const [search, setSearch] = useState('');
  const owners = useApiQuery((signal) => calls.relatedOwners(search, signal), [search]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ownerLabels, setOwnerLabels] = useState<Map<number, string>>(new Map());

  useEffect(() => {
    const item = chart.data?.result;
    if (!item || draft) return;
    setDraft({
      slice_name: item.slice_name ?? chartName,
      description: item.description ?? '',
      owners: (item.owners ?? []).map((o) => o.id),
      cache_timeout: item.cache_timeout ?? null,
      certified_by: item.certified_by ?? '',
      certification_details: item.certification_details ?? '',
    });
    setOwnerLabels(
      new Map(
        (item.owners ?? []).map((o) => [
          o.id,
          [o.first_name, o.last_name].filter(Boolean).join(' '),
        ]),
      ),
    );
  }, [chart.data, draft, chartName]);

  const options = useMemo(() => {
    const labels = new Map(ownerLabels);
    for (const row of owners.data?.result ?? []) labels.set(row.value, row.text);
    return [...labels].map(([value, label]) => ({ value, label }));
  }, [ownerLabels, owners.data]);

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const save = async () => {
    if (!draft?.slice_name.trim()) return;
    setSaving(true);
    setFailure(null);
    try {
      const body = propertiesBody(draft);
      const answer = await calls.updateChart(chartId, body);
      onSaved(answer.result);
      addSuccessToast(`Chart properties updated`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Edit chart properties"
      onCancel={onClose}
      onOk={save}
      okText="Save"
      confirmLoading={saving}
      okButtonProps={
        { disabled: !draft?.slice_name.trim(), 'data-testid': 'properties-save' } as never
      }
      data-testid="properties-modal"
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 12 }}
          data-testid="properties-error"
        />
      )}
      {chart.error && <Alert type="error" showIcon title={chart.error.error} />}
      {!draft ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical">
          <Form.Item label="Name" required>
            <Input
              value={draft.slice_name}
              maxLength={250}
              onChange={(e) => set({ slice_name: e.target.value })}
              data-testid="properties-name"
            />
          </Form.Item>
          <Form.Item label="Description">
            <Input.TextArea
              rows={3}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              data-testid="properties-description"
            />
          </Form.Item>
          <Form.Item label="Owners">
            <Select<number[]>
              mode="multiple"
              value={draft.owners}
              onChange={(ids) => set({ owners: ids })}
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={owners.loading}
              options={options}
              data-testid="properties-owners"
            />
          </Form.Item>
          <Form.Item
            label="Cache timeout (seconds)"
            extra="How long the chart's data stays cached; empty uses the dataset's setting."
          >
            <InputNumber
              min={0}
              precision={0}
              value={draft.cache_timeout}
              onChange={(v) => set({ cache_timeout: v === null ? null : Number(v) })}
              style={{ width: '100%' }}
              data-testid="properties-cache-timeout"
            />
          </Form.Item>
          <Form.Item label="Certified by">
            <Input
              value={draft.certified_by}
              onChange={(e) => set({ certified_by: e.target.value })}
              data-testid="properties-certified-by"
            />
          </Form.Item>
          <Form.Item label="Certification details">
            <Input
              value={draft.certification_details}
              disabled={!draft.certified_by.trim()}
              onChange={(e) => set({ certification_details: e.target.value })}
              data-testid="properties-certification-details"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
