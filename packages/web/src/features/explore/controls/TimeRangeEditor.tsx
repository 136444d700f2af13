import { NO_FILTER } from '@tessera/shared/time-range/index';
import { Alert, Button, Input, Radio, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { CustomSideInput } from './CustomSideInput.tsx';
import {
  type CustomSide,
  customRange,
  guessFrame,
  LAST_RANGES,
  PREVIOUS_RANGES,
  parseCustomSide,
  resolveTimeRange,
  splitRange,
  type TimeFrame,
} from './timeRange.ts';

interface TimeRangeEditorProps {
  value: string;
  onApply: (value: string) => void;
  onCancel: () => void;
  /** Fixes "now" (tests). */
  now?: Date;
}

const FRAMES: Array<{ key: TimeFrame; testId: string }> = [
  { key: 'Last', testId: 'time-range-tab-last' },
  { key: 'Previous', testId: 'time-range-tab-previous' },
  { key: 'Custom', testId: 'time-range-tab-custom' },
  { key: 'Advanced', testId: 'time-range-tab-advanced' },
  { key: 'No filter', testId: 'time-range-tab-no-filter' },
];

function initialSides(value: string): [CustomSide, CustomSide] {
  const sides = splitRange(value);
  const since = sides ? parseCustomSide(sides[0]) : null;
  const until = sides ? parseCustomSide(sides[1]) : null;
  if (since && until) return [since, until];
  return [
    { mode: 'relative', amount: 7, unit: 'day', direction: 'before', anchor: 'today' },
    { mode: 'today' },
  ];
}

function pick(list: string[], value: string, fallback: string): string {
  return list.find((item) => item.toLowerCase() === value.trim().toLowerCase()) ?? fallback;
}

/** The time-range picker's body: Last / Previous / Custom / Advanced / No filter. */
export function TimeRangeEditor({ value, onApply, onCancel, now }: TimeRangeEditorProps) {
  const [frame, setFrame] = useState<TimeFrame>(guessFrame(value));
  const [last, setLast] = useState(pick(LAST_RANGES, value, 'Last week'));
  const [previous, setPrevious] = useState(pick(PREVIOUS_RANGES, value, 'previous calendar week'));
  const [sides, setSides] = useState(() => initialSides(value));
  const [advanced, setAdvanced] = useState(splitRange(value) ? value : '');

  const candidate =
    frame === 'Last'
      ? last
      : frame === 'Previous'
        ? previous
        : frame === 'Custom'
          ? customRange(sides[0], sides[1])
          : frame === 'Advanced'
            ? advanced
            : NO_FILTER;
  const resolved = resolveTimeRange(candidate, now);

  const choiceList = (list: string[], current: string, set: (v: string) => void) => (
    <Radio.Group value={current} onChange={(event) => set(event.target.value as string)}>
      <Space orientation="vertical">
        {list.map((item) => (
          <Radio key={item} value={item} data-testid="time-range-option">
            {item}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );

  const body: Record<TimeFrame, ReactNode> = {
    Last: choiceList(LAST_RANGES, last, setLast),
    Previous: choiceList(PREVIOUS_RANGES, previous, setPrevious),
    Custom: (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>START (INCLUSIVE)</Typography.Text>
        <CustomSideInput
          testId="time-range-start"
          side={sides[0]}
          onChange={(side) => setSides([side, sides[1]])}
        />
        <Typography.Text strong>END (EXCLUSIVE)</Typography.Text>
        <CustomSideInput
          testId="time-range-end"
          side={sides[1]}
          onChange={(side) => setSides([sides[0], side])}
        />
      </Space>
    ),
    Advanced: (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          data-testid="time-range-advanced"
          aria-label="Advanced time range"
          placeholder="DATEADD(DATETIME('today'), -7, day) : today"
          value={advanced}
          onChange={(event) => setAdvanced(event.target.value)}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          START : END, each a date, a phrase such as "7 days ago", or an expression.
        </Typography.Text>
      </Space>
    ),
    'No filter': null,
  };

  return (
    <div data-testid="time-range-popover" style={{ width: 380 }}>
      <Tabs
        size="small"
        activeKey={frame}
        onChange={(key) => setFrame(key as TimeFrame)}
        items={FRAMES.map(({ key, testId }) => ({
          key,
          label: <span data-testid={testId}>{key}</span>,
          children: body[key],
        }))}
      />
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
        Actual time range
      </Typography.Text>
      {resolved.ok ? (
        <Typography.Text data-testid="time-range-resolved">{resolved.text}</Typography.Text>
      ) : (
        <Alert type="error" showIcon data-testid="time-range-error" message={resolved.error} />
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button size="small" data-testid="time-range-cancel" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="small"
          type="primary"
          data-testid="time-range-apply"
          disabled={!resolved.ok}
          onClick={() => onApply(candidate)}
        >
          Apply
        </Button>
      </div>
    </div>
  );
}
