import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { ChartDataQueryResult } from '@tessera/shared/api/chartData';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { Button, Flex, Spin, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { DataGrid, formatRowCount, rowGridData } from '../../../components/DataGrid/index.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { exploreApi } from '../exploreApi.ts';

type Result = Partial<ChartDataQueryResult>;

/** A chart-data answer as grid data: its columns in order, with their generic types. */
export function resultGrid(result: Result) {
  const names = result.colnames ?? Object.keys(result.data?.[0] ?? {});
  return rowGridData(
    result.data ?? [],
    names.map((name, index) => ({ name, type_generic: result.coltypes?.[index] ?? null })),
  );
}

function ResultView({
  loading,
  error,
  result,
  testId,
}: {
  loading: boolean;
  error: ClientErrorObject | null;
  result: Result | undefined;
  testId: string;
}) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const data = useMemo(() => (result ? resultGrid(result) : null), [result]);
  if (error) return <ErrorAlert error={error} testId={`${testId}-error`} compact />;
  if (loading || !data) {
    return (
      <Flex align="center" justify="center" style={{ height: 120 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <DataGrid
      data={data}
      testId={testId}
      toolbar={
        <Typography.Text type="secondary" data-testid={`${testId}-count`}>
          {formatRowCount(data.numRows)}
        </Typography.Text>
      }
      onCopied={(text) => addSuccessToast(text)}
      onCopyFailed={(message) => addDangerToast(message)}
      emptyText="No results were returned for this query"
      style={{ height: '100%' }}
    />
  );
}

/**
 * The collapsible pane under the chart: the chart query's rows (Results) and the dataset's raw
 * rows (Samples), each in the virtualized grid. Loaded only while open.
 */
export function DataPane({
  formData,
  lastRun,
  datasource,
}: {
  formData: QueryFormData | null;
  /** Changes whenever the chart ran again: the results follow it. */
  lastRun: number;
  datasource: { id: number; type: string } | null;
}) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'results' | 'samples'>('results');
  const calls = useMemo(() => exploreApi(api), []);

  const results = useApiQuery(
    async (signal) => {
      if (!formData) return [];
      const definition = getChartDefinition(formData.viz_type);
      if (!definition) return [];
      const context = definition.buildQuery(formData, { resultType: 'results' });
      return (await calls.chartData(context, { signal })).result;
    },
    [lastRun],
    { enabled: open && tab === 'results' && formData !== null },
  );
  const samples = useApiQuery(
    async (signal) =>
      datasource ? (await calls.samples(datasource, 1, 1000, signal)).result : undefined,
    [datasource?.id],
    { enabled: open && tab === 'samples' && datasource !== null },
  );

  return (
    <Flex vertical style={{ height: open ? 320 : 'auto', minHeight: 0 }} data-testid="data-pane">
      <Flex align="center" justify="space-between">
        <Tabs
          size="small"
          activeKey={tab}
          // A click on the tab already shown opens the pane too.
          onTabClick={(key) => {
            setTab(key as 'results' | 'samples');
            setOpen(true);
          }}
          items={[
            { key: 'results', label: <span data-testid="data-pane-results-tab">Results</span> },
            { key: 'samples', label: <span data-testid="data-pane-samples-tab">Samples</span> },
          ]}
          style={{ marginBottom: 0 }}
        />
        <Button
          type="text"
          size="small"
          icon={open ? <DownOutlined /> : <UpOutlined />}
          onClick={() => setOpen((o) => !o)}
          aria-label={open ? 'Hide the data pane' : 'Show the data pane'}
          data-testid="data-pane-toggle"
        />
      </Flex>
      {open && (
        <div style={{ flex: 1, minHeight: 0 }}>
          {tab === 'results' ? (
            <ResultView
              loading={results.loading}
              error={results.error}
              result={results.data?.[0]}
              testId="data-pane-results"
            />
          ) : (
            <ResultView
              loading={samples.loading}
              error={samples.error}
              result={samples.data}
              testId="data-pane-samples"
            />
          )}
        </div>
      )}
    </Flex>
  );
}
