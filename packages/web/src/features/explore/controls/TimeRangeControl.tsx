import { CalendarOutlined } from '@ant-design/icons';
import { NO_FILTER } from '@tessera/shared/time-range/index';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { TimeRangeEditor } from './TimeRangeEditor.tsx';
import { resolveTimeRange } from './timeRange.ts';
import type { ControlProps } from './types.ts';

/** A button naming the range; the picker opens in a popover and applies on "Apply". */
export function TimeRangeControl({ name, config, value, onChange }: ControlProps) {
  const [open, setOpen] = useState(false);
  const range =
    typeof value === 'string' && value.trim() !== ''
      ? value
      : typeof config.default === 'string'
        ? config.default
        : NO_FILTER;
  const resolved = resolveTimeRange(range);
  return (
    <Popover
      open={open}
      trigger="click"
      placement="right"
      destroyOnHidden
      onOpenChange={setOpen}
      content={
        open && (
          <TimeRangeEditor
            value={range}
            onCancel={() => setOpen(false)}
            onApply={(next) => {
              onChange(next);
              setOpen(false);
            }}
          />
        )
      }
    >
      <Button
        data-testid={`time-range-trigger-${name}`}
        title={resolved.ok ? resolved.text : resolved.error}
        icon={<CalendarOutlined />}
        style={{ width: '100%', justifyContent: 'flex-start' }}
        onClick={() => setOpen(true)}
      >
        {range}
      </Button>
    </Popover>
  );
}
