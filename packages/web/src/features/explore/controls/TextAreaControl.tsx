import { Input } from 'antd';
import type { ControlProps } from './types.ts';

/** Free text; code languages get a monospace box (CodeMirror is not worth its weight here). */
export function TextAreaControl({ name, config, value, onChange }: ControlProps) {
  return (
    <Input.TextArea
      data-testid={`textarea-${name}`}
      aria-label={config.label}
      placeholder={config.placeholder}
      autoSize={{ minRows: 3, maxRows: 12 }}
      spellCheck={config.language ? false : undefined}
      style={config.language ? { fontFamily: 'monospace', fontSize: 12 } : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
