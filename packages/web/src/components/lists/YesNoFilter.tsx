import { Select } from 'antd';

type YesNo = 'yes' | 'no';

const OPTIONS: Array<{ value: YesNo; label: string }> = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A list page's Yes/No filter (favourite, certified): cleared means "either". */
export function YesNoFilter({
  placeholder,
  value,
  onChange,
  testId,
}: {
  placeholder: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  testId: string;
}) {
  return (
    <Select<YesNo>
      allowClear
      placeholder={placeholder}
      style={{ width: 120 }}
      value={value === undefined ? undefined : value ? 'yes' : 'no'}
      onChange={(picked) =>
        onChange(picked === undefined || picked === null ? undefined : picked === 'yes')
      }
      options={OPTIONS}
      data-testid={testId}
    />
  );
}
