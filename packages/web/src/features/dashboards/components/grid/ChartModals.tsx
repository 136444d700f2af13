import type { QueryFormData } from '@tessera/shared/viz/types';
import { Alert, Flex, Form, Input, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { api, errorMessage } from '../../../../app/api.ts';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { DataGrid } from '../../../../components/DataGrid/index.ts';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import type { ChartFilterClause } from '../../../../viz/types.ts';
import { resultGrid } from '../../../explore/components/DataPane.tsx';
import { DrillByModal } from '../../../explore/components/DrillByModal.tsx';
import { DrillDetailModal } from '../../../explore/components/DrillDetailModal.tsx';
import { ViewQueryModal } from '../../../explore/components/ViewQueryModal.tsx';
import { exploreApi } from '../../../explore/exploreApi.ts';
import { buildExportQuery } from '../../../explore/exportChart.ts';
import { CrossFilterScopingModal } from '../../nativeFilters/CrossFilterScopingModal.tsx';
import { sliceChanged } from '../../state/dashboardInfoSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../../state/hooks.ts';

export type ChartModal =
  | { kind: 'query' }
  | { kind: 'results' }
  | { kind: 'drill'; filters: ChartFilterClause[]; groupby?: string }
  | { kind: 'properties' }
  | { kind: 'scoping' };

/** The chart's data as a table (`result_type: results`). */
function ViewResultsModal({ formData, onClose }: { formData: QueryFormData; onClose: () => void }) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const answer = useApiQuery(
    async (signal) =>
      (
        await exploreApi(api).chartData(buildExportQuery(formData, { result_type: 'results' }), {
          signal,
        })
      ).result,
    [formData],
  );
  const grid = useMemo(() => (answer.data?.[0] ? resultGrid(answer.data[0]) : null), [answer.data]);
  return (
    <Modal
      open
      title="View as table"
      width={1000}
      footer={null}
      onCancel={onClose}
      data-testid="view-results-modal"
    >
      {answer.error && <ErrorAlert error={answer.error} testId="view-results-error" />}
      <div style={{ height: 420 }}>
        {grid ? (
          <DataGrid
            data={grid}
            testId="view-results-grid"
            onCopied={(text) => addSuccessToast(text)}
            onCopyFailed={(message) => addDangerToast(message)}
            style={{ height: '100%' }}
          />
        ) : (
          !answer.error && (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Spin />
            </Flex>
          )
        )}
      </div>
    </Modal>
  );
}

/** Name, description and certification of a chart, saved with `PUT /api/v1/chart/{id}`. */
function ChartPropertiesModal({ chartId, onClose }: { chartId: number; onClose: () => void }) {
  const dispatch = useDashboardDispatch();
  const { addSuccessToast } = useToasts();
  const slice = useDashboardSelector((state) => state.dashboardInfo.slices[chartId]);
  const [draft, setDraft] = useState({
    slice_name: slice?.slice_name ?? '',
    description: slice?.description ?? '',
    certified_by: slice?.certified_by ?? '',
    certification_details: slice?.certification_details ?? '',
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    if (!draft.slice_name.trim()) return;
    setSaving(true);
    setFailure(null);
    const certifiedBy = draft.certified_by.trim();
    const changes = {
      slice_name: draft.slice_name.trim(),
      description: draft.description.trim() || null,
      certified_by: certifiedBy || null,
      certification_details: certifiedBy ? draft.certification_details.trim() || null : null,
    };
    try {
      await exploreApi(api).updateChart(chartId, changes);
      // As the dashboard's `/charts` answer would now give it, so the header and the description
      // change at once rather than on the next load.
      dispatch(
        sliceChanged({ id: chartId, ...changes, description_markdown: changes.description ?? '' }),
      );
      addSuccessToast('Chart properties updated');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const field = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  return (
    <Modal
      open
      title="Edit chart properties"
      onCancel={onClose}
      onOk={save}
      okText="Save"
      confirmLoading={saving}
      okButtonProps={
        { disabled: !draft.slice_name.trim(), 'data-testid': 'chart-properties-save' } as never
      }
      data-testid="chart-properties-modal"
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 12 }}
          data-testid="chart-properties-error"
        />
      )}
      <Form layout="vertical">
        <Form.Item label="Chart name" required>
          <Input {...field('slice_name')} data-testid="chart-properties-name" />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea
            rows={3}
            {...field('description')}
            data-testid="chart-properties-description"
          />
        </Form.Item>
        <Form.Item label="Certified by">
          <Input {...field('certified_by')} data-testid="chart-properties-certified-by" />
        </Form.Item>
        <Form.Item label="Certification details">
          <Input
            {...field('certification_details')}
            disabled={!draft.certified_by.trim()}
            data-testid="chart-properties-certification-details"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The modals a chart's menu opens; the query ones reuse Explore's. */
export function ChartModals({
  modal,
  chartId,
  formData,
  onClose,
}: {
  modal: ChartModal;
  chartId: number;
  formData: QueryFormData | null;
  onClose: () => void;
}) {
  const datasource = useDashboardSelector((state) => {
    const key = String(state.dashboardInfo.slices[chartId]?.form_data.datasource ?? '');
    return state.dashboardInfo.datasources[key] ?? null;
  });
  if (modal.kind === 'properties')
    return <ChartPropertiesModal chartId={chartId} onClose={onClose} />;
  if (modal.kind === 'scoping')
    return <CrossFilterScopingModal chartId={chartId} onClose={onClose} />;
  if (!formData) return null;
  if (modal.kind === 'query') return <ViewQueryModal formData={formData} onClose={onClose} />;
  if (modal.kind === 'results') return <ViewResultsModal formData={formData} onClose={onClose} />;
  if (modal.groupby) {
    return (
      <DrillByModal
        formData={formData}
        filters={modal.filters}
        column={modal.groupby}
        datasource={datasource}
        onClose={onClose}
      />
    );
  }
  return <DrillDetailModal formData={formData} filters={modal.filters} onClose={onClose} />;
}
