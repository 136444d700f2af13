import {
  AppstoreOutlined,
  BarChartOutlined,
  BorderHorizontalOutlined,
  ColumnWidthOutlined,
  FileMarkdownOutlined,
  FontSizeOutlined,
  MinusOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { ComponentType } from '@tessera/shared/dashboard/position';
import { Alert, Empty, Input, Spin, Tabs, Tag, Typography, theme } from 'antd';
import { memo, type ReactNode, useEffect, useMemo, useState } from 'react';
import { api, errorMessage, isAbortError } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/store.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { useDashboardSelector } from '../state/hooks.ts';
import {
  FETCH_CHARTS_ERROR,
  fetchBuilderCharts,
  fetchChartsErrorMessage,
} from './builderCharts.ts';
import type { BuilderChart, DragData } from './dragData.ts';
import { setPaneHost, useEditorMounted } from './editorHost.ts';

/**
 * The builder pane of edit mode: the user's charts (searchable; those already on the dashboard
 * are marked) and the layout elements, each dragged into the grid. The page places the pane;
 * while the editor's grid is mounted it draws this content into the pane (see editorHost.ts).
 */

const SEARCH_DELAY_MS = 300;

const ELEMENTS: Array<{ type: ComponentType; label: string; icon: ReactNode }> = [
  { type: 'TABS', label: 'Tabs', icon: <AppstoreOutlined /> },
  { type: 'ROW', label: 'Row', icon: <BorderHorizontalOutlined /> },
  { type: 'COLUMN', label: 'Column', icon: <ColumnWidthOutlined /> },
  { type: 'HEADER', label: 'Header', icon: <FontSizeOutlined /> },
  { type: 'MARKDOWN', label: 'Markdown', icon: <FileMarkdownOutlined /> },
  { type: 'DIVIDER', label: 'Divider', icon: <MinusOutlined /> },
];

function DraggableCard({
  id,
  data,
  disabled,
  children,
  testId,
  extra,
}: {
  id: string;
  data: DragData;
  disabled?: boolean;
  children: ReactNode;
  testId: string;
  extra?: Record<string, string>;
}) {
  const { token } = theme.useToken();
  const { setNodeRef, attributes, listeners } = useDraggable({ id, data, disabled });
  return (
    <div
      ref={setNodeRef}
      data-testid={testId}
      {...extra}
      {...attributes}
      {...listeners}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '8px 10px',
        marginBottom: 6,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        cursor: disabled ? 'default' : 'grab',
        opacity: disabled ? 0.6 : 1,
        touchAction: 'none',
      }}
    >
      {children}
    </div>
  );
}

function LayoutElements() {
  return (
    <div data-testid="builder-elements">
      {ELEMENTS.map((element) => (
        <DraggableCard
          key={element.type}
          id={`new:${element.type}`}
          data={{ dragging: { id: null, type: element.type }, label: element.label }}
          testId="builder-element"
          extra={{ 'data-type': element.type }}
        >
          {element.icon}
          <span>{element.label}</span>
        </DraggableCard>
      ))}
    </div>
  );
}

const ChartCard = memo(function ChartCard({
  chart,
  added,
}: {
  chart: BuilderChart;
  added: boolean;
}) {
  return (
    <DraggableCard
      id={`new:CHART:${chart.id}`}
      data={{
        dragging: {
          id: null,
          type: 'CHART',
          meta: {
            chartId: chart.id,
            sliceName: chart.slice_name,
            ...(chart.uuid ? { uuid: chart.uuid } : {}),
          },
        },
        label: chart.slice_name,
        chart,
      }}
      disabled={added}
      testId="builder-chart"
      extra={{ 'data-chart-id': String(chart.id), 'data-in-dashboard': added ? 'true' : 'false' }}
    >
      <BarChartOutlined />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ display: 'block' }}>
          {chart.slice_name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {chart.viz_type}
          {chart.datasource_name_text ? ` · ${chart.datasource_name_text}` : ''}
          {chart.changed_on_delta_humanized ? ` · ${chart.changed_on_delta_humanized}` : ''}
        </Typography.Text>
      </div>
      {added && (
        <Tag color="blue" data-testid="builder-chart-added">
          Added
        </Tag>
      )}
    </DraggableCard>
  );
});

function ChartList() {
  const { addDangerToast } = useToasts();
  const userId = useAppSelector((s) => s.session.user?.userId ?? null);
  const layout = useDashboardSelector((s) => s.dashboardLayout.present);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [charts, setCharts] = useState<BuilderChart[] | null>(null);
  const [failed, setFailed] = useState(false);
  const placed = useMemo(() => {
    const ids = new Set<number>();
    for (const item of Object.values(layout)) {
      if (item.type === 'CHART' && typeof item.meta.chartId === 'number')
        ids.add(item.meta.chartId);
    }
    return ids;
  }, [layout]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    // The previous list stays until the new one arrives: a search neither flashes a spinner nor
    // unmounts a card that is being dragged.
    fetchBuilderCharts(api, query, userId, controller.signal).then(
      (result) => {
        setFailed(false);
        setCharts(result);
      },
      (error) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setFailed(true);
        setCharts([]);
        addDangerToast(FETCH_CHARTS_ERROR);
        addDangerToast(fetchChartsErrorMessage(errorMessage(error)));
      },
    );
    return () => controller.abort();
  }, [query, userId, addDangerToast]);

  return (
    <div data-testid="builder-charts">
      <Input.Search
        allowClear
        placeholder="Filter your charts"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="builder-chart-search"
        style={{ marginBottom: 8 }}
      />
      {failed && (
        <Alert type="error" showIcon title={FETCH_CHARTS_ERROR} style={{ marginBottom: 8 }} />
      )}
      {charts === null ? (
        <Spin data-testid="builder-charts-loading" />
      ) : charts.length === 0 ? (
        !failed && <Empty description="No charts" />
      ) : (
        charts.map((chart) => (
          <ChartCard key={chart.id} chart={chart} added={placed.has(chart.id)} />
        ))
      )}
    </div>
  );
}

/** What the pane shows; drawn by the editor's grid into the pane so drags share its context. */
export function BuilderPaneContent() {
  return (
    <Tabs
      size="small"
      data-testid="builder-pane-tabs"
      items={[
        {
          key: 'charts',
          label: <span data-testid="builder-tab-charts">Charts</span>,
          children: <ChartList />,
        },
        {
          key: 'elements',
          label: <span data-testid="builder-tab-elements">Layout elements</span>,
          children: <LayoutElements />,
        },
      ]}
    />
  );
}

export function BuilderPane() {
  const { token } = theme.useToken();
  const editorMounted = useEditorMounted();
  useEffect(() => () => setPaneHost(null), []);
  return (
    <aside
      ref={setPaneHost}
      data-testid="dashboard-builder-pane"
      style={{
        width: 320,
        flex: '0 0 320px',
        position: 'sticky',
        top: 8,
        maxHeight: 'calc(100vh - 16px)',
        overflow: 'auto',
        padding: 12,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      {!editorMounted && <BuilderPaneContent />}
    </aside>
  );
}
