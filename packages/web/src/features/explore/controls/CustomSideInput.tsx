import { Input, InputNumber, Select, Space } from 'antd';
import { type CustomSide, TIME_UNITS } from './timeRange.ts';

const MODES: Array<{ value: CustomSide['mode']; label: string }> = [
  { value: 'specific', label: 'Specific Date/Time' },
  { value: 'relative', label: 'Relative Date/Time' },
  { value: 'now', label: 'Now' },
  { value: 'today', label: 'Midnight' },
  { value: 'unbounded', label: 'Unbounded' },
];

function switchMode(mode: CustomSide['mode']): CustomSide {
  switch (mode) {
    case 'specific':
      return { mode, value: new Date().toISOString().slice(0, 10) };
    case 'relative':
      return { mode, amount: 7, unit: 'day', direction: 'before', anchor: 'now' };
    default:
      return { mode } as CustomSide;
  }
}

/** One side (start or end) of the Custom tab. */
export function CustomSideInput({
  testId,
  side,
  onChange,
}: {
  testId: string;
  side: CustomSide;
  onChange: (side: CustomSide) => void;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Select
        data-testid={`${testId}-mode`}
        aria-label="Date mode"
        style={{ width: '100%' }}
        value={side.mode}
        onChange={(mode: CustomSide['mode']) => onChange(switchMode(mode))}
        options={MODES.map((m) => ({ ...m, title: m.label }))}
      />
      {side.mode === 'specific' && (
        <Input
          data-testid={`${testId}-date`}
          aria-label="Date"
          placeholder="YYYY-MM-DD"
          value={side.value}
          onChange={(event) => onChange({ ...side, value: event.target.value.trim() })}
        />
      )}
      {side.mode === 'relative' && (
        <Space wrap>
          <InputNumber
            data-testid={`${testId}-amount`}
            aria-label="Amount"
            min={0}
            value={side.amount}
            onChange={(amount) =>
              typeof amount === 'number' && onChange({ ...side, amount: Math.floor(amount) })
            }
          />
          <Select
            data-testid={`${testId}-unit`}
            aria-label="Unit"
            style={{ width: 100 }}
            value={side.unit}
            onChange={(unit: string) => onChange({ ...side, unit })}
            options={TIME_UNITS.map((u) => ({ value: u, label: `${u}s`, title: `${u}s` }))}
          />
          <Select
            data-testid={`${testId}-direction`}
            aria-label="Direction"
            style={{ width: 90 }}
            value={side.direction}
            onChange={(direction: 'before' | 'after') => onChange({ ...side, direction })}
            options={[
              { value: 'before', label: 'Before', title: 'Before' },
              { value: 'after', label: 'After', title: 'After' },
            ]}
          />
          <Select
            data-testid={`${testId}-anchor`}
            aria-label="Anchor"
            style={{ width: 100 }}
            value={side.anchor}
            onChange={(anchor: string) => onChange({ ...side, anchor })}
            options={[
              { value: 'now', label: 'now', title: 'now' },
              { value: 'today', label: 'midnight', title: 'midnight' },
            ]}
          />
        </Space>
      )}
    </Space>
  );
}
