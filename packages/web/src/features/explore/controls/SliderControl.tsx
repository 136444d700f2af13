import { InputNumber, Slider } from 'antd';
import type { ControlProps } from './types.ts';

export function SliderControl({ name, config, value, onChange }: ControlProps) {
  const min = config.min ?? 0;
  const max = config.max ?? 100;
  const step = config.step ?? 1;
  const current = typeof value === 'number' ? value : Number(config.default ?? min);
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Slider
        data-testid={`slider-${name}`}
        style={{ flex: 1 }}
        min={min}
        max={max}
        step={step}
        value={current}
        onChange={(next) => onChange(next)}
      />
      <InputNumber
        data-testid={`slider-input-${name}`}
        aria-label={config.label}
        size="small"
        style={{ width: 72 }}
        min={min}
        max={max}
        step={step}
        value={current}
        onChange={(next) => {
          if (typeof next === 'number') onChange(next);
        }}
      />
    </div>
  );
}
