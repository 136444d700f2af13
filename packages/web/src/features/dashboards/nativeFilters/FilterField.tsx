import { InfoCircleOutlined } from '@ant-design/icons';
import type {
  DataMask,
  FilterConfigItem,
  FilterDivider,
  NativeFilter,
} from '@tessera/shared/dashboard/nativeFilters';
import { Form, Tooltip } from 'antd';
import { Fragment, type ReactNode, useMemo } from 'react';
import type { DataMaskMap } from './dataMask.ts';
import { FilterControl } from './FilterControl.tsx';
import { isRequired, parentMasks, VALUE_REQUIRED_MESSAGE } from './filterBarDraft.ts';

/** One filter in the bar: its name (and description), its control, "Value is required". */
export function FilterField({
  filter,
  draft,
  invalid,
  onChange,
  onFocus,
  style,
}: {
  filter: NativeFilter;
  draft: DataMaskMap;
  invalid: boolean;
  onChange: (mask: DataMask) => void;
  /** The filter pointed at (its charts are highlighted), or null when left. */
  onFocus?: (filterId: string | null) => void;
  style?: React.CSSProperties;
}) {
  const mask = draft[filter.id];
  const parents = useMemo(() => parentMasks(filter, draft), [filter, draft]);
  return (
    <fieldset
      aria-label={filter.name}
      data-testid="filter-control"
      data-filter-id={filter.id}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0, ...style }}
      onMouseEnter={() => onFocus?.(filter.id)}
      onMouseLeave={() => onFocus?.(null)}
    >
      <Form.Item
        label={
          <span>
            {filter.name}
            {filter.description && (
              <Tooltip title={filter.description}>
                <InfoCircleOutlined style={{ marginLeft: 6, opacity: 0.6 }} />
              </Tooltip>
            )}
          </span>
        }
        required={isRequired(filter)}
        validateStatus={invalid ? 'error' : undefined}
        help={invalid ? VALUE_REQUIRED_MESSAGE : undefined}
        style={{ marginBottom: 16 }}
      >
        <FilterControl
          filter={filter}
          mask={mask}
          parents={parents}
          invalid={invalid}
          onChange={onChange}
        />
      </Form.Item>
    </fieldset>
  );
}

/** The bar's filters in order, each divider drawn by the bar's own orientation. */
export function FilterFields({
  config,
  draft,
  missing,
  onChange,
  onFocus,
  renderDivider,
  fieldStyle,
  formStyle,
}: {
  config: readonly FilterConfigItem[];
  draft: DataMaskMap;
  missing: readonly string[];
  onChange: (mask: DataMask) => void;
  onFocus?: (filterId: string | null) => void;
  renderDivider: (divider: FilterDivider) => ReactNode;
  fieldStyle?: React.CSSProperties;
  formStyle?: React.CSSProperties;
}) {
  return (
    <Form layout="vertical" component="div" style={formStyle}>
      {config.map((item) =>
        item.type === 'DIVIDER' ? (
          <Fragment key={item.id}>{renderDivider(item)}</Fragment>
        ) : (
          <FilterField
            key={item.id}
            filter={item}
            draft={draft}
            invalid={missing.includes(item.id)}
            onChange={onChange}
            onFocus={onFocus}
            style={fieldStyle}
          />
        ),
      )}
    </Form>
  );
}
