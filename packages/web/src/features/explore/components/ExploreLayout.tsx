import { CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import { formatDatasourceKey } from '@tessera/shared/datasourceKey';
import { Button, Flex, Tooltip, theme } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { copyToClipboard } from '../../../components/DataGrid/index.ts';
import { DatasetEditorModal } from '../../datasets/components/editor/DatasetEditorModal.tsx';
import { ControlPanel } from '../controls/ControlPanel.tsx';
import { exploreApi } from '../exploreApi.ts';
import {
  absoluteUrl,
  buildExportQuery,
  chartImage,
  dataUrlToBlob,
  exportFileName,
  saveBlob,
  shareByEmailHref,
} from '../exportChart.ts';
import { formatMessage, NO_EDIT_PERMISSION } from '../save/savePayload.ts';
import { controlErrors, queryChanged } from '../state/controlState.ts';
import { controlValueSet, sliceNameSet, vizTypeChanged } from '../state/exploreSlice.ts';
import { useExploreDispatch, useExploreSelector } from '../state/hooks.ts';
import { saveModalVisibilitySet } from '../state/saveModalSlice.ts';
import { runChart, selectChart, stopChart, toggleStar } from '../state/thunks.ts';
import { ChartHeader, type ExportKind } from './ChartHeader.tsx';
import { ChartPane, type DrillRequest } from './ChartPane.tsx';
import { DataPane } from './DataPane.tsx';
import { DatasourcePanel } from './DatasourcePanel.tsx';
import { DrillByModal } from './DrillByModal.tsx';
import { DrillDetailModal } from './DrillDetailModal.tsx';
import { PropertiesModal } from './PropertiesModal.tsx';
import { SaveModal } from './SaveModal.tsx';
import { ViewQueryModal } from './ViewQueryModal.tsx';
import { VizTypePicker } from './VizTypePicker.tsx';

const COPIED = 'Copied to clipboard!';
/** Redrawn only when their own props change, not with every state of the chart beside them. */
const MemoControlPanel = memo(ControlPanel);
const MemoDatasourcePanel = memo(DatasourcePanel);
/** The app header's height: the page fills the window below it (as SQL Lab does). */
const HEADER_HEIGHT = 56;
const COPY_FAILED = 'Sorry, your browser does not support copying.';

/** The Explore page once a dataset is known: datasource panel, controls, chart and data. */
export function ExploreLayout({ onDatasetSaved }: { onDatasetSaved: () => void }) {
  const dispatch = useExploreDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { addSuccessToast, addDangerToast, addWarningToast } = useToasts();
  const explore = useExploreSelector((state) => state.explore);
  // Only what the layout shows of the chart: its drawing states (success, rendered) would
  // otherwise redraw the control panel and the datasource panel while the chart draws.
  const loading = useExploreSelector((state) => selectChart(state)?.chartStatus === 'loading');
  const lastQuery = useExploreSelector((state) => selectChart(state)?.latestQueryFormData ?? null);
  const lastRun = useExploreSelector((state) => selectChart(state)?.chartUpdateStartTime ?? 0);
  const calls = useMemo(() => exploreApi(api), []);
  const chartAreaRef = useRef<HTMLDivElement | null>(null);
  const [modal, setModal] = useState<
    { kind: 'query' | 'properties' | 'dataset' } | { kind: 'drill'; request: DrillRequest } | null
  >(null);

  const { form_data: formData, datasource, controls } = explore;
  const errors = controlErrors(controls);
  const needsRerun = queryChanged(formData, lastQuery, controls);

  const setControl = useCallback(
    (name: string, value: unknown) => dispatch(controlValueSet({ name, value })),
    [dispatch],
  );
  const editDataset = useCallback(() => setModal({ kind: 'dataset' }), []);
  const datasourceKey = datasource ? formatDatasourceKey({ id: datasource.id, type: 'table' }) : '';
  // A virtual dataset opens its own SQL, as Superset's redirect carries it.
  const datasetSql = datasource?.sql || undefined;
  const viewInSqlLab = useCallback(
    () =>
      datasetSql
        ? navigate('/sqllab/', { state: { requestedQuery: { datasourceKey, sql: datasetSql } } })
        : navigate(`/sqllab/?datasourceKey=${datasourceKey}`),
    [navigate, datasourceKey, datasetSql],
  );

  const run = useCallback(() => {
    if (errors.length === 0) void dispatch(runChart());
  }, [dispatch, errors.length]);

  // Ctrl+Enter (Cmd+Enter) runs the chart from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);

  if (!formData || !datasource) return null;

  const urlParams = (): Array<[string, string]> =>
    Array.from(new URLSearchParams(window.location.search).entries());

  const copyPermalink = async () => {
    try {
      const { url } = await calls.createPermalink(formData, urlParams());
      await copyToClipboard(absoluteUrl(url));
      addSuccessToast(COPIED);
    } catch (error) {
      addDangerToast(error instanceof Error ? error.message : COPY_FAILED);
    }
  };

  const shareByEmail = async () => {
    try {
      const { url } = await calls.createPermalink(formData, urlParams());
      window.location.href = shareByEmailHref(explore.sliceName, absoluteUrl(url));
    } catch (error) {
      addDangerToast(error instanceof Error ? error.message : String(error));
    }
  };

  const exportChart = async (kind: ExportKind) => {
    const name = explore.sliceName || formData.viz_type;
    if (kind === 'png') {
      const area = chartAreaRef.current;
      const image = area ? chartImage(area, token.colorBgContainer) : null;
      if (!image) {
        addWarningToast('This chart is not drawn on a canvas: download its data instead.');
        return;
      }
      saveBlob(dataUrlToBlob(image), exportFileName(name, 'png'));
      return;
    }
    try {
      const context = buildExportQuery(formData, { result_type: 'full', result_format: kind });
      const file = await calls.chartExport(context);
      saveBlob(file.blob, exportFileName(name, kind));
    } catch (error) {
      addDangerToast(error instanceof Error ? error.message : String(error));
    }
  };

  const editInSqlLab = async () => {
    try {
      const answer = await calls.chartData(
        buildExportQuery(formData, { result_type: 'query' }),
        {},
      );
      const sql = String(answer.result[0]?.query ?? '');
      navigate('/sqllab/', {
        state: { requestedQuery: { datasourceKey: formData.datasource, sql } },
      });
    } catch (error) {
      addDangerToast(error instanceof Error ? error.message : String(error));
    }
  };

  const openSave = () => {
    if (!explore.can_add && !explore.can_overwrite) {
      addDangerToast(formatMessage(NO_EDIT_PERMISSION, 'chart'));
      return;
    }
    dispatch(saveModalVisibilitySet(true));
  };

  const chartArea = (
    <ChartPane
      needsRerun={needsRerun}
      onDrill={(request) => setModal({ kind: 'drill', request })}
      chartAreaRef={chartAreaRef}
    />
  );

  if (explore.standalone) {
    return (
      <div
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 1000,
          display: 'flex',
          background: token.colorBgContainer,
        }}
        data-testid="explore-standalone"
      >
        {chartArea}
      </div>
    );
  }

  const border = `1px solid ${token.colorBorderSecondary}`;
  return (
    <Flex
      style={{
        position: 'fixed',
        inset: `${HEADER_HEIGHT}px 0 0 0`,
        background: token.colorBgContainer,
      }}
      data-testid="explore-page"
    >
      <div style={{ width: 260, borderRight: border, minHeight: 0 }}>
        <MemoDatasourcePanel
          datasource={datasource}
          onEditDataset={datasource.type === 'table' ? editDataset : undefined}
          onViewInSqlLab={viewInSqlLab}
        />
      </div>
      <Flex vertical style={{ width: 340, borderRight: border, minHeight: 0 }}>
        <div style={{ padding: 8 }}>
          <VizTypePicker value={formData.viz_type} onChange={(v) => dispatch(vizTypeChanged(v))} />
        </div>
        <div
          style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: '0 8px' }}
          data-testid="explore-controls"
        >
          <MemoControlPanel
            vizType={formData.viz_type}
            formData={formData}
            datasource={datasource}
            controls={controls}
            onChange={setControl}
          />
        </div>
        <Flex gap={8} style={{ padding: 8, borderTop: border }}>
          {loading ? (
            <Button
              block
              danger
              icon={<StopOutlined />}
              onClick={() => dispatch(stopChart())}
              data-testid="explore-stop"
            >
              Stop
            </Button>
          ) : (
            <Tooltip
              title={
                errors.length
                  ? errors.map((e) => `${e.name}: ${e.errors.join(', ')}`).join('; ')
                  : 'Ctrl+Enter'
              }
            >
              <Button
                block
                type="primary"
                icon={<CaretRightOutlined />}
                disabled={errors.length > 0}
                onClick={run}
                data-testid="explore-run"
              >
                {lastQuery ? 'Update chart' : 'Create chart'}
              </Button>
            </Tooltip>
          )}
        </Flex>
      </Flex>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0, padding: 12 }}>
        <ChartHeader
          sliceName={explore.sliceName}
          saved={explore.slice !== null}
          isStarred={explore.isStarred}
          canEditName={explore.slice === null || explore.can_overwrite}
          canDownload={explore.can_download}
          canSave={explore.can_add || explore.can_overwrite}
          onRename={(name) => dispatch(sliceNameSet(name))}
          onToggleStar={() => dispatch(toggleStar())}
          onProperties={() => setModal({ kind: 'properties' })}
          onCopyPermalink={copyPermalink}
          onShareByEmail={shareByEmail}
          onViewQuery={() => setModal({ kind: 'query' })}
          onExport={exportChart}
          onEditInSqlLab={editInSqlLab}
          onSave={openSave}
          reportChart={
            explore.slice
              ? {
                  id: explore.slice.slice_id,
                  name: explore.sliceName,
                  vizType: String(formData.viz_type ?? ''),
                }
              : null
          }
        />
        {chartArea}
        <DataPane
          formData={lastQuery}
          lastRun={lastRun}
          datasource={{ id: datasource.id, type: datasource.type }}
        />
      </Flex>
      <SaveModal />
      {modal?.kind === 'query' && (
        <ViewQueryModal formData={formData} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'properties' && explore.slice && (
        <PropertiesModal slice={explore.slice} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'dataset' && (
        <DatasetEditorModal
          datasetId={datasource.id}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            onDatasetSaved();
          }}
        />
      )}
      {modal?.kind === 'drill' && !modal.request.groupby && (
        <DrillDetailModal
          formData={lastQuery ?? formData}
          filters={modal.request.filters}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'drill' && modal.request.groupby && (
        <DrillByModal
          formData={lastQuery ?? formData}
          filters={modal.request.filters}
          column={modal.request.groupby}
          datasource={datasource}
          onClose={() => setModal(null)}
        />
      )}
    </Flex>
  );
}
