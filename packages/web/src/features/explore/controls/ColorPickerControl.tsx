import { rgbaToHex, toRgba } from './colors.ts';
import type { ControlProps } from './types.ts';

/** A native colour input; the value keeps Superset's `{r, g, b, a}` shape (alpha preserved). */
export function ColorPickerControl({ name, config, value, onChange }: ControlProps) {
  const color = toRgba(value ?? config.default);
  return (
    <input
      type="color"
      data-testid={`color-picker-${name}`}
      aria-label={config.label}
      value={rgbaToHex(color)}
      style={{ width: 48, height: 28, padding: 0, border: 'none', background: 'none' }}
      onChange={(event) => onChange({ ...toRgba(event.target.value), a: color.a })}
    />
  );
}
