import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { type OptionItem, selectOptions } from './choices.ts';
import type { ControlProps } from './types.ts';

/** antd cannot hold `null` as an option value (a "None" choice), so it travels as this. */
const NULL_OPTION = '__null__';

type Scalar = string | number | boolean | null;

function toOptionValue(value: Scalar): string | number | boolean {
  return value === null ? NULL_OPTION : value;
}

function fromOptionValue(value: unknown, numeric: boolean): Scalar {
  if (value === NULL_OPTION || value === undefined) return null;
  // Typed-in values of a numeric select (row limits, formats aside) are stored as numbers.
  if (numeric && typeof value === 'string' && /^[-+]?\d+(\.\d+)?$/.test(value.trim())) {
    return Number(value);
  }
  return value as Scalar;
}

/** Single or multi select over fixed choices or dataset items; free-form ones take typed values. */
export function SelectControl({ name, config, value, onChange, datasource }: ControlProps) {
  const [search, setSearch] = useState('');
  const options = useMemo(
    () => selectOptions(config, datasource, name),
    [config, datasource, name],
  );
  const numeric = options.length > 0 && options.every((o) => typeof o.value === 'number');
  const multi = !!config.multi;

  const current: Scalar[] = multi
    ? Array.isArray(value)
      ? (value as Scalar[])
      : []
    : value === undefined
      ? []
      : [value as Scalar];
  const known = new Set(options.map((o) => o.value));
  // Values saved outside the choices (free-form entries) must still show as selected.
  const extra: OptionItem[] = current
    .filter((v) => v !== null && !known.has(v))
    .map((v) => ({ value: v, label: String(v) }));
  const typed: OptionItem[] =
    config.freeForm && !multi && search.trim() !== '' && !known.has(search)
      ? [{ value: search, label: search }]
      : [];
  const all = [...options, ...extra, ...typed].map((o) => ({
    value: toOptionValue(o.value),
    label: o.label,
  }));

  return (
    <Select
      data-testid={`select-${name}`}
      aria-label={config.label}
      style={{ width: '100%' }}
      mode={multi ? (config.freeForm ? 'tags' : 'multiple') : undefined}
      allowClear={config.clearable ?? !multi}
      showSearch={{
        onSearch: setSearch,
        filterOption: (input, option) =>
          String(option?.label ?? '')
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
      placeholder={config.placeholder ?? 'Select ...'}
      options={all}
      value={
        multi
          ? current.map(toOptionValue)
          : value === undefined || (value === null && !known.has(null))
            ? undefined
            : toOptionValue(value as Scalar)
      }
      onChange={(next: unknown) => {
        setSearch('');
        if (multi) {
          onChange(((next as unknown[]) ?? []).map((v) => fromOptionValue(v, numeric)));
        } else {
          onChange(fromOptionValue(next, numeric));
        }
      }}
    />
  );
}
