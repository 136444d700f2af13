import { InfoCircleOutlined } from '@ant-design/icons';
import { InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import { type BoundMode, type CustomBound, TIME_GRAINS, type TimeGrain } from './customRange.ts';
import { DateTimeInput } from './DateTimeInput.tsx';

const MODES: Array<{ value: BoundMode; label: string }> = [
  { value: 'specific', label: 'Specific Date/Time' },
  { value: 'relative', label: 'Relative Date/Time' },
  { value: 'now', label: 'Now' },
  { value: 'today', label: 'Midnight' },
];

function grainLabel(grain: TimeGrain, direction: 'before' | 'after'): string {
  return `${grain[0]?.toUpperCase()}${grain.slice(1)}s ${direction}`;
}

interface CustomBoundInputProps {
  testId: string;
  title: string;
  hint: string;
  bound: CustomBound;
  /** A start counts back from the end (or the anchor), an end forward from the start. */
  direction: 'before' | 'after';
  /** The date a switch to "Specific Date/Time" starts from: what the bound resolves to now. */
  resolvedDatetime: string;
  onChange: (bound: CustomBound) => void;
}

/** One bound (start or end) of the Custom tab. */
export function CustomBoundInput({
  testId,
  title,
  hint,
  bound,
  direction,
  resolvedDatetime,
  onChange,
}: CustomBoundInputProps) {
  const switchMode = (mode: BoundMode): CustomBound => {
    if (mode === 'specific') return { mode, datetime: resolvedDatetime };
    if (mode === 'relative') return { mode, amount: 7, grain: 'day' };
    return { mode };
  };
  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }} data-testid={testId}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {title}{' '}
        <Tooltip title={hint}>
          <InfoCircleOutlined aria-label={hint} style={{ color: 'rgba(0,0,0,0.45)' }} />
        </Tooltip>
      </Typography.Text>
      <Select
        data-testid={`${testId}-mode`}
        aria-label={title}
        style={{ width: '100%' }}
        value={bound.mode}
        onChange={(mode: BoundMode) => onChange(switchMode(mode))}
        options={MODES.map((m) => ({ ...m, title: m.label }))}
      />
      {bound.mode === 'specific' && (
        <DateTimeInput
          testId={`${testId}-date`}
          label={`${title} date`}
          value={bound.datetime}
          onChange={(datetime) => onChange({ mode: 'specific', datetime })}
        />
      )}
      {bound.mode === 'relative' && (
        <Space.Compact block>
          <InputNumber
            data-testid={`${testId}-amount`}
            aria-label="Relative quantity"
            placeholder="Relative quantity"
            min={1}
            precision={0}
            style={{ width: 72 }}
            value={bound.amount}
            onChange={(amount) => {
              if (typeof amount === 'number' && amount >= 1) onChange({ ...bound, amount });
            }}
          />
          <Select
            data-testid={`${testId}-unit`}
            aria-label="Relative period"
            style={{ flex: 1, minWidth: 0 }}
            value={bound.grain}
            onChange={(grain: TimeGrain) => onChange({ ...bound, grain })}
            options={TIME_GRAINS.map((grain) => {
              const label = grainLabel(grain, direction);
              return { value: grain, label, title: label };
            })}
          />
        </Space.Compact>
      )}
    </Space>
  );
}
