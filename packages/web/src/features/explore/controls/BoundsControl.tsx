import { InputNumber } from 'antd';
import type { ControlProps } from './types.ts';

type Bounds = [number | null, number | null];

function asBounds(value: unknown): Bounds {
  if (!Array.isArray(value)) return [null, null];
  const side = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return [side(value[0]), side(value[1])];
}

/** `[min, max]`, either side empty (null) for "automatic", as Superset's y_axis_bounds. */
export function BoundsControl({ name, value, onChange }: ControlProps) {
  const [min, max] = asBounds(value);
  const side = (next: number | string | null) => (typeof next === 'number' ? next : null);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <InputNumber
        data-testid={`bounds-min-${name}`}
        aria-label="Min"
        placeholder="Min"
        style={{ flex: 1 }}
        value={min}
        onChange={(next) => onChange([side(next), max])}
      />
      <InputNumber
        data-testid={`bounds-max-${name}`}
        aria-label="Max"
        placeholder="Max"
        style={{ flex: 1 }}
        value={max}
        onChange={(next) => onChange([min, side(next)])}
      />
    </div>
  );
}
