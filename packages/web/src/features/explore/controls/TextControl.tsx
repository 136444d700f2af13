import { Input } from 'antd';
import { useEffect, useState } from 'react';
import type { ControlProps } from './types.ts';

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Numeric text controls store numbers when the text reads as one; otherwise the raw text goes
 * up unchanged so the validators can say what is wrong with it (`is expected to be an integer`).
 */
export function parseControlText(
  text: string,
  options: { isInt?: boolean; isFloat?: boolean },
): unknown {
  if (!options.isInt && !options.isFloat) return text;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (options.isInt) return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : text;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : text;
}

export function TextControl({ name, config, value, onChange }: ControlProps) {
  const [draft, setDraft] = useState(toText(value));
  // Keep what the user typed ("1." on the way to "1.5") unless the value changed elsewhere.
  useEffect(() => {
    setDraft((current) => (parseControlText(current, config) === value ? current : toText(value)));
  }, [value, config]);
  return (
    <Input
      data-testid={`input-${name}`}
      aria-label={config.label}
      placeholder={config.placeholder}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(parseControlText(event.target.value, config));
      }}
    />
  );
}
