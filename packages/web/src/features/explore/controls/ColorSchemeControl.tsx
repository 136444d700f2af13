import { CATEGORICAL_SCHEMES, SEQUENTIAL_SCHEMES } from '@tessera/shared/color/schemes';
import { Select } from 'antd';
import type { ControlProps } from './types.ts';

function Swatches({ colors, sequential }: { colors: readonly string[]; sequential: boolean }) {
  if (sequential) {
    return (
      <span
        data-testid="scheme-swatch"
        style={{
          display: 'inline-block',
          width: 120,
          height: 12,
          background: `linear-gradient(to right, ${colors.join(', ')})`,
        }}
      />
    );
  }
  return (
    <span data-testid="scheme-swatch" style={{ display: 'inline-flex' }}>
      {colors.slice(0, 10).map((color, i) => (
        // Palettes may repeat a colour, so the position keys it.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
        <span key={i} style={{ width: 12, height: 12, background: color }} />
      ))}
    </span>
  );
}

/** Select options of the categorical or sequential schemes, each shown with its colours. */
export function colorSchemeOptions(sequential: boolean) {
  const schemes = sequential ? SEQUENTIAL_SCHEMES : CATEGORICAL_SCHEMES;
  return schemes.map((scheme) => ({
    value: scheme.id,
    title: scheme.label,
    label: (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{scheme.label}</span>
        <Swatches colors={scheme.colors} sequential={sequential} />
      </span>
    ),
  }));
}

/** Categorical or sequential colour schemes from shared, each shown with its colours. */
export function ColorSchemeControl({ name, config, value, onChange }: ControlProps) {
  return (
    <Select
      data-testid={`color-scheme-${name}`}
      aria-label={config.label}
      style={{ width: '100%' }}
      value={typeof value === 'string' ? value : undefined}
      onChange={(next: string) => onChange(next)}
      options={colorSchemeOptions(config.schemeType === 'sequential')}
    />
  );
}
