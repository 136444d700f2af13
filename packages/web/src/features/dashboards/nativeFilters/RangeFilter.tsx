import type { DataMask, NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { Slider, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDashboardDispatch } from '../state/hooks.ts';
import { rangeDataMask } from './dataMask.ts';
import { fetchRangeBounds } from './filterOptions.ts';

interface RangeFilterProps {
  filter: NativeFilter;
  mask: DataMask | undefined;
  parents: readonly DataMask[];
  onChange: (mask: DataMask) => void;
}

/** A numerical range filter: a slider between the column's minimum and maximum. */
export function RangeFilter({ filter, mask, parents, onChange }: RangeFilterProps) {
  const dispatch = useDashboardDispatch();
  const [bounds, setBounds] = useState<{ min: number; max: number } | null | undefined>();
  const parentsKey = JSON.stringify(parents);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the parents are compared by value (parentsKey).
  useEffect(() => {
    const controller = new AbortController();
    dispatch(fetchRangeBounds(filter, { parents, signal: controller.signal })).then(
      (found) => !controller.signal.aborted && setBounds(found),
      () => !controller.signal.aborted && setBounds(null),
    );
    return () => controller.abort();
  }, [dispatch, filter, parentsKey]);

  if (bounds === undefined) return <Spin size="small" />;
  if (bounds === null) return <Typography.Text type="secondary">No data</Typography.Text>;
  const value = mask?.filterState?.value;
  const [lower, upper] = Array.isArray(value) ? (value as Array<number | null>) : [null, null];
  return (
    <div data-testid="filter-range">
      <Slider
        range
        min={bounds.min}
        max={bounds.max}
        step={Number.isInteger(bounds.min) && Number.isInteger(bounds.max) ? 1 : undefined}
        value={[lower ?? bounds.min, upper ?? bounds.max]}
        marks={{ [bounds.min]: String(bounds.min), [bounds.max]: String(bounds.max) }}
        onChange={(next) => {
          const [from, to] = next as number[];
          onChange(rangeDataMask(filter, [from ?? bounds.min, to ?? bounds.max]));
        }}
      />
    </div>
  );
}
