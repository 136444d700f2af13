import type { Metric } from '@tessera/shared/viz/types';
import { useState } from 'react';
import { ChipBox } from './ChipBox.tsx';
import { chipValues } from './chipValues.ts';
import { useDropTarget } from './dnd.ts';
import { MetricEditor } from './MetricEditor.tsx';
import { isGeneratedMetricName, metricDisplayName, metricKey } from './metrics.ts';
import type { ControlProps } from './types.ts';

type Editing = { index: number | 'new'; column?: string } | null;

/** One or many metrics as chips; saved, simple or custom-SQL metrics edited in a popover. */
export function MetricsControl({ name, config, value, onChange, datasource }: ControlProps) {
  const multi = config.multi !== false;
  const metrics = chipValues<Metric>(value, multi);
  const [editing, setEditing] = useState<Editing>(null);
  const savedNames = new Set(datasource?.metrics.map((m) => m.metric_name) ?? []);

  const commit = (next: Metric[]) => onChange(multi ? next : (next[0] ?? null));
  const put = (metric: Metric, index: number | 'new') => {
    if (index === 'new') commit(multi ? [...metrics, metric] : [metric]);
    else commit(metrics.map((m, i) => (i === index ? metric : m)));
  };

  const { isOver, dropProps } = useDropTarget(['metric', 'column'], (item) => {
    if (item.type === 'metric') put(item.name, 'new');
    else setEditing({ index: 'new', column: item.name });
  });

  const editingMetric =
    editing && editing.index !== 'new' ? (metrics[editing.index] ?? null) : null;

  return (
    <ChipBox
      testPrefix={`metric-${name}`}
      chips={metrics.map((metric, index) => {
        const saved = typeof metric === 'string';
        // A string that is not a saved metric is either generated (`sum__num`) or gone.
        const generated = saved && !savedNames.has(metric) && isGeneratedMetricName(metric);
        return {
          key: metricKey(metric, index),
          label: metricDisplayName(metric, datasource),
          italic: saved && savedNames.has(metric),
          invalid: saved && !!datasource && !savedNames.has(metric) && !generated,
          title:
            typeof metric === 'object' && metric.expressionType === 'SQL'
              ? (metric.sqlExpression ?? undefined)
              : undefined,
        };
      })}
      onChipClick={(index) => setEditing({ index })}
      onRemove={(index) => commit(metrics.filter((_, i) => i !== index))}
      addLabel={multi ? 'Drop columns/metrics here or click' : 'Drop a column/metric here or click'}
      showAdd={multi || metrics.length === 0}
      onAdd={() => setEditing({ index: 'new' })}
      isOver={isOver}
      dropProps={dropProps}
      onPopoverClose={() => setEditing(null)}
      popover={
        editing && (
          <MetricEditor
            key={`${String(editing.index)}:${editing.column ?? ''}`}
            metric={editingMetric}
            datasource={datasource}
            initialColumn={editing.column}
            onCancel={() => setEditing(null)}
            onSave={(metric) => {
              put(metric, editing.index);
              setEditing(null);
            }}
          />
        )
      }
    />
  );
}
