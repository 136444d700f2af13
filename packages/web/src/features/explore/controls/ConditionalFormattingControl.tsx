import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONDITIONAL_OPERATORS } from '@tessera/shared/controls/options';
import { getMetricLabel } from '@tessera/shared/viz/buildQueryContext';
import type { Metric } from '@tessera/shared/viz/types';
import { Button, InputNumber, Select } from 'antd';
import type { ControlProps } from './types.ts';

/** One rule as Superset's table chart stores it in `conditional_formatting`. */
export interface ConditionalFormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number | null;
  targetValueLeft?: number | null;
  targetValueRight?: number | null;
  colorScheme?: string;
}

const BETWEEN = new Set(['< x <', '≤ x ≤', '≤ x <', '< x ≤']);
const DEFAULT_COLOR = '#5AC189';
const NUMERIC = 0;

/** The columns a rule can colour: the chart's metrics and the dataset's numeric columns. */
function ruleColumns(props: ControlProps): string[] {
  const metrics = [
    ...((props.formData.metrics as Metric[] | undefined) ?? []),
    ...((props.formData.percent_metrics as Metric[] | undefined) ?? []).map(
      (m) => `%${getMetricLabel(m)}`,
    ),
  ].map((m) => (typeof m === 'string' ? m : getMetricLabel(m)));
  const numeric = (props.datasource?.columns ?? [])
    .filter((c) => c.type_generic === NUMERIC)
    .map((c) => c.column_name);
  return [...new Set([...metrics, ...numeric])];
}

export function ConditionalFormattingControl(props: ControlProps) {
  const { name, value, onChange } = props;
  const rules = Array.isArray(value) ? (value as ConditionalFormattingRule[]) : [];
  const columns = ruleColumns(props);
  const update = (index: number, patch: Partial<ConditionalFormattingRule>) =>
    onChange(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const number = (next: number | string | null) => (typeof next === 'number' ? next : null);

  return (
    <div data-testid={`conditional-formatting-${name}`}>
      {rules.map((rule, index) => {
        const operator = rule.operator ?? 'None';
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
            key={index}
            data-testid="conditional-rule"
            style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 6 }}
          >
            <Select
              data-testid="conditional-column"
              aria-label="Column"
              style={{ width: '100%' }}
              placeholder="Column"
              value={rule.column}
              onChange={(column: string) => update(index, { column })}
              options={columns.map((c) => ({ value: c, label: c, title: c }))}
            />
            <Select
              data-testid="conditional-operator"
              aria-label="Operator"
              style={{ width: 90 }}
              virtual={false}
              value={operator}
              onChange={(next: string) => update(index, { operator: next })}
              options={CONDITIONAL_OPERATORS.map(([v, label]) => ({
                value: String(v),
                label,
                title: label,
              }))}
            />
            {BETWEEN.has(operator) ? (
              <>
                <InputNumber
                  data-testid="conditional-left"
                  aria-label="Left value"
                  style={{ width: 70 }}
                  value={rule.targetValueLeft ?? null}
                  onChange={(next) => update(index, { targetValueLeft: number(next) })}
                />
                <InputNumber
                  data-testid="conditional-right"
                  aria-label="Right value"
                  style={{ width: 70 }}
                  value={rule.targetValueRight ?? null}
                  onChange={(next) => update(index, { targetValueRight: number(next) })}
                />
              </>
            ) : (
              operator !== 'None' && (
                <InputNumber
                  data-testid="conditional-target"
                  aria-label="Target value"
                  style={{ width: 90 }}
                  value={rule.targetValue ?? null}
                  onChange={(next) => update(index, { targetValue: number(next) })}
                />
              )
            )}
            <input
              type="color"
              data-testid="conditional-color"
              aria-label="Color"
              value={rule.colorScheme?.startsWith('#') ? rule.colorScheme : DEFAULT_COLOR}
              onChange={(event) => update(index, { colorScheme: event.target.value })}
            />
            <Button
              size="small"
              type="text"
              data-testid="conditional-remove"
              aria-label="Remove rule"
              icon={<DeleteOutlined />}
              onClick={() => onChange(rules.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="conditional-add"
        onClick={() => onChange([...rules, { operator: 'None', colorScheme: DEFAULT_COLOR }])}
      >
        Add new color formatter
      </Button>
    </div>
  );
}
