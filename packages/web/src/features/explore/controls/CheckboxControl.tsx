import { Checkbox } from 'antd';
import type { ControlProps } from './types.ts';

export function CheckboxControl({ name, config, value, onChange }: ControlProps) {
  return (
    <Checkbox
      data-testid={`checkbox-${name}`}
      checked={value === true}
      onChange={(event) => onChange(event.target.checked)}
    >
      {config.label}
    </Checkbox>
  );
}
