import { NO_FILTER } from '@tessera/shared/time-range/index';
import { Alert, Button, Radio, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { AdvancedFrame } from './AdvancedFrame.tsx';
import { CustomFrame } from './CustomFrame.tsx';
import { DEFAULT_CUSTOM_RANGE, encodeCustomRange } from './customRange.ts';
import {
  advancedSides,
  guessFrame,
  joinRange,
  LAST_RANGES,
  PREVIOUS_RANGES,
  readCustomRange,
  resolveBounds,
  resolveTimeRange,
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

function pick(list: string[], value: string, fallback: string): string {
  return list.find((item) => item.toLowerCase() === value.trim().toLowerCase()) ?? fallback;
}

interface AdvancedState {
  sides: [string, string];
  /** The saved text while untouched, so a range typed by hand is applied back as it was. */
  original: string | null;
}

/** The time-range picker's body: Last / Previous / Custom / Advanced / No filter. */
export function TimeRangeEditor({ value, onApply, onCancel, now }: TimeRangeEditorProps) {
  const [frame, setFrame] = useState<TimeFrame>(guessFrame(value));
  const [last, setLast] = useState(pick(LAST_RANGES, value, 'Last week'));
  const [previous, setPrevious] = useState(pick(PREVIOUS_RANGES, value, 'previous calendar week'));
  const [custom, setCustom] = useState(() => readCustomRange(value) ?? DEFAULT_CUSTOM_RANGE);
  const [advanced, setAdvanced] = useState<AdvancedState>(() => ({
    sides: advancedSides(value),
    original: guessFrame(value) === 'Advanced' ? value.trim() : null,
  }));

  const customText = encodeCustomRange(custom);
  const candidate =
    frame === 'Last'
      ? last
      : frame === 'Previous'
        ? previous
        : frame === 'Custom'
          ? customText
          : frame === 'Advanced'
            ? (advanced.original ?? joinRange(...advanced.sides))
            : NO_FILTER;
  const resolved = resolveTimeRange(candidate, now);
  const midnight = resolveBounds('today : ', now).since ?? '';
  const customBounds = resolveBounds(customText, now);

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
      <CustomFrame
        range={custom}
        resolved={{
          since: customBounds.since ?? midnight,
          until: customBounds.until ?? midnight,
          midnight,
        }}
        onChange={setCustom}
      />
    ),
    Advanced: (
      <AdvancedFrame
        sides={advanced.sides}
        onChange={(sides) => setAdvanced({ sides, original: null })}
      />
    ),
    'No filter': null,
  };

  return (
    <div data-testid="time-range-popover" style={{ width: 480, maxWidth: '100%' }}>
      <Tabs
        size="small"
        activeKey={frame}
        onChange={(key) => {
          // As in Superset, Advanced opens on the range being edited, to be refined by hand.
          if (key === 'Advanced' && frame !== 'No filter') {
            setAdvanced({ sides: advancedSides(candidate), original: null });
          }
          setFrame(key as TimeFrame);
        }}
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
