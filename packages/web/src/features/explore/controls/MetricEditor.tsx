import { parseGeneratedMetric } from '@tessera/shared/controls/savedMetric';
import type { DatasourceMeta, Metric } from '@tessera/shared/viz/types';
import { Button, Input, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { columnLabel } from './choices.ts';
import {
  AGGREGATES,
  type Aggregate,
  buildSimpleMetric,
  buildSqlMetric,
  type EditableMetric,
  isGeneratedMetricName,
  simpleMetricLabel,
} from './metrics.ts';

type MetricTab = 'SAVED' | 'SIMPLE' | 'SQL';

interface MetricEditorProps {
  metric: Metric | null;
  datasource: DatasourceMeta | null;
  /** A column dropped on the control: opens the Simple tab with it chosen. */
  initialColumn?: string;
  onSave: (metric: Metric) => void;
  onCancel: () => void;
}

/** A generated name that is not a saved metric of the dataset reopens as the simple metric it is. */
function generatedFrom(metric: Metric | null, datasource: DatasourceMeta | null) {
  if (typeof metric !== 'string') return null;
  if (datasource?.metrics.some((m) => m.metric_name === metric)) return null;
  return parseGeneratedMetric(metric);
}

function initialTab(metric: Metric | null, initialColumn?: string, generated?: unknown): MetricTab {
  if (initialColumn || generated) return 'SIMPLE';
  if (typeof metric === 'string') return 'SAVED';
  return metric?.expressionType === 'SQL' ? 'SQL' : 'SIMPLE';
}

/** The add/edit popover's body: Saved, Simple and Custom SQL tabs with an editable label. */
export function MetricEditor({
  metric,
  datasource,
  initialColumn,
  onSave,
  onCancel,
}: MetricEditorProps) {
  const adhoc = metric && typeof metric === 'object' ? (metric as EditableMetric) : null;
  const generated = generatedFrom(metric, datasource);
  const [tab, setTab] = useState<MetricTab>(initialTab(metric, initialColumn, generated));
  const [saved, setSaved] = useState<string | undefined>(
    typeof metric === 'string' && !generated ? metric : undefined,
  );
  const [column, setColumn] = useState<string | undefined>(
    initialColumn ?? adhoc?.column?.column_name ?? generated?.column ?? undefined,
  );
  const [aggregate, setAggregate] = useState<Aggregate | undefined>(
    adhoc?.aggregate ?? generated?.aggregate ?? undefined,
  );
  const [sql, setSql] = useState(adhoc?.sqlExpression ?? '');
  const [label, setLabel] = useState(
    adhoc?.hasCustomLabel && adhoc.label && !isGeneratedMetricName(adhoc.label) ? adhoc.label : '',
  );

  const columns = datasource?.columns ?? [];
  const chosenColumn = columns.find((c) => c.column_name === column);
  const defaultLabel =
    tab === 'SAVED'
      ? (saved ?? '')
      : tab === 'SIMPLE'
        ? column && aggregate
          ? simpleMetricLabel(aggregate, column)
          : ''
        : sql.trim();
  const canSave =
    tab === 'SAVED' ? !!saved : tab === 'SIMPLE' ? !!chosenColumn && !!aggregate : !!sql.trim();

  function save() {
    if (tab === 'SAVED' && saved) onSave(saved);
    else if (tab === 'SIMPLE' && chosenColumn && aggregate) {
      onSave(
        buildSimpleMetric({
          column: chosenColumn,
          aggregate,
          label,
          optionName: adhoc?.optionName,
        }),
      );
    } else if (tab === 'SQL' && sql.trim()) {
      onSave(buildSqlMetric({ sqlExpression: sql, label, optionName: adhoc?.optionName }));
    }
  }

  return (
    <div data-testid="metric-popover" style={{ width: 340 }}>
      <Input
        data-testid="metric-popover-label"
        aria-label="Metric label"
        size="small"
        variant="borderless"
        style={{ fontWeight: 600, marginBottom: 4 }}
        placeholder={defaultLabel || 'My metric'}
        value={label}
        disabled={tab === 'SAVED'}
        onChange={(event) => setLabel(event.target.value)}
      />
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as MetricTab)}
        items={[
          {
            key: 'SAVED',
            label: <span data-testid="metric-tab-saved">Saved</span>,
            children: (
              <Select
                data-testid="metric-saved-select"
                aria-label="Saved metric"
                style={{ width: '100%' }}
                placeholder={
                  datasource?.metrics.length ? 'Select a saved metric' : 'No saved metrics found'
                }
                showSearch={{ optionFilterProp: 'title' }}
                value={saved}
                onChange={(next: string) => setSaved(next)}
                options={(datasource?.metrics ?? []).map((m) => ({
                  value: m.metric_name,
                  label: m.verbose_name || m.metric_name,
                  title: m.verbose_name || m.metric_name,
                }))}
              />
            ),
          },
          {
            key: 'SIMPLE',
            label: <span data-testid="metric-tab-simple">Simple</span>,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Select
                  data-testid="metric-column-select"
                  aria-label="Column"
                  style={{ width: '100%' }}
                  placeholder="Select column"
                  showSearch={{ optionFilterProp: 'title' }}
                  value={column}
                  onChange={(next: string) => setColumn(next)}
                  options={columns.map((c) => ({
                    value: c.column_name,
                    label: columnLabel(c),
                    title: columnLabel(c),
                  }))}
                />
                <Select
                  data-testid="metric-aggregate-select"
                  aria-label="Aggregate"
                  style={{ width: '100%' }}
                  placeholder="Select aggregate options"
                  value={aggregate}
                  onChange={(next: Aggregate) => setAggregate(next)}
                  options={AGGREGATES.map((a) => ({ value: a, label: a, title: a }))}
                />
              </Space>
            ),
          },
          {
            key: 'SQL',
            label: <span data-testid="metric-tab-sql">Custom SQL</span>,
            children: (
              <Input.TextArea
                data-testid="metric-sql"
                aria-label="Custom SQL"
                autoSize={{ minRows: 4, maxRows: 10 }}
                spellCheck={false}
                style={{ fontFamily: 'monospace', fontSize: 12 }}
                placeholder="SUM(num) / COUNT(*)"
                value={sql}
                onChange={(event) => setSql(event.target.value)}
              />
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
        <Button size="small" data-testid="metric-popover-cancel" onClick={onCancel}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          data-testid="metric-popover-save"
          disabled={!canSave}
          onClick={save}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
