import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Input, Select, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  crontabError,
  fromCrontab,
  type ScheduleChoice,
  scheduleInWords,
  toCrontab,
  WEEKDAYS,
} from '../crontab.ts';

type Kind = ScheduleChoice['kind'];

const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'day', label: 'Every day' },
  { value: 'week', label: 'Every week' },
  { value: 'month', label: 'Every month' },
  { value: 'custom', label: 'Custom (crontab)' },
];

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, i) => ({
  value: i + 1,
  label: String(i + 1),
}));

export interface SchedulePickerProps {
  /** The crontab. */
  value?: string;
  onChange?: (crontab: string) => void;
}

/**
 * A schedule as people think of it (every day, week or month at a time) or a crontab typed in,
 * with the schedule in words underneath. The form field's value is always the crontab.
 */
export function SchedulePicker({ value = '', onChange }: SchedulePickerProps) {
  // Custom stays custom while someone types, even when the text happens to be a simple shape.
  const [customMode, setCustomMode] = useState(() => fromCrontab(value).kind === 'custom');
  const parsed = fromCrontab(value);
  const choice: ScheduleChoice = customMode ? { kind: 'custom', crontab: value } : parsed;
  const time =
    choice.kind === 'custom'
      ? { hour: 12, minute: 0 }
      : { hour: choice.hour, minute: choice.minute };
  const emit = (next: ScheduleChoice) => onChange?.(toCrontab(next));

  const changeKind = (kind: Kind) => {
    if (kind === 'custom') {
      setCustomMode(true);
      return;
    }
    setCustomMode(false);
    if (kind === 'day') emit({ kind, ...time });
    if (kind === 'week')
      emit({ kind, weekday: choice.kind === 'week' ? choice.weekday : 1, ...time });
    if (kind === 'month') emit({ kind, day: choice.kind === 'month' ? choice.day : 1, ...time });
  };

  const error = value.trim() ? crontabError(value) : undefined;

  return (
    <Flex vertical gap={6} data-testid="schedule-picker">
      <Flex gap={8} wrap align="center">
        <Select<Kind>
          value={choice.kind}
          options={KINDS}
          onChange={changeKind}
          style={{ width: 170 }}
          aria-label="Repeat"
          data-testid="schedule-kind"
        />
        {choice.kind === 'week' && (
          <Select<number>
            value={choice.weekday}
            options={WEEKDAYS.map((label, i) => ({ value: i, label }))}
            onChange={(weekday) => emit({ ...choice, weekday })}
            style={{ width: 140 }}
            aria-label="Day of the week"
            data-testid="schedule-weekday"
          />
        )}
        {choice.kind === 'month' && (
          <Flex align="center" gap={6}>
            <Typography.Text type="secondary">on day</Typography.Text>
            <Select<number>
              value={choice.day}
              options={DAYS_OF_MONTH}
              onChange={(day) => emit({ ...choice, day })}
              style={{ width: 80 }}
              aria-label="Day of the month"
              data-testid="schedule-month-day"
            />
          </Flex>
        )}
        {choice.kind !== 'custom' && (
          <Flex align="center" gap={6}>
            <Typography.Text type="secondary">at</Typography.Text>
            <TimePicker
              value={dayjs().hour(time.hour).minute(time.minute)}
              format="HH:mm"
              allowClear={false}
              needConfirm={false}
              onChange={(t) => t && emit({ ...choice, hour: t.hour(), minute: t.minute() })}
              style={{ width: 110 }}
              aria-label="Time"
              data-testid="schedule-time"
            />
          </Flex>
        )}
        {choice.kind === 'custom' && (
          <Input
            value={value}
            onChange={(e) => onChange?.(e.target.value)}
            placeholder="0 12 * * 1"
            spellCheck={false}
            style={{ width: 200, fontFamily: 'monospace' }}
            aria-label="Crontab"
            data-testid="schedule-crontab"
          />
        )}
      </Flex>
      {!error && value.trim() && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="schedule-words">
          <ClockCircleOutlined /> {scheduleInWords(value)}
          {choice.kind === 'custom' ? '' : ` (${toCrontab(choice)})`}
        </Typography.Text>
      )}
    </Flex>
  );
}
