import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** How the grammar takes a picked date: the wall clock, no zone (the server reads its own). */
const WIRE_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

/** A calendar with a time of day over a wall-clock date/time text (`2024-01-31T10:00:00`). */
export function DateTimeInput({
  testId,
  label,
  value,
  onChange,
}: {
  testId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const parsed = dayjs(value);
  return (
    <DatePicker
      data-testid={testId}
      aria-label={label}
      showTime
      allowClear={false}
      format="YYYY-MM-DD HH:mm:ss"
      style={{ width: '100%' }}
      value={parsed.isValid() ? parsed : null}
      onChange={(date) => {
        if (date) onChange(date.format(WIRE_FORMAT));
      }}
    />
  );
}
