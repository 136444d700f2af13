import type { DataMask, NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { RangeFilter } from './RangeFilter.tsx';
import { SelectFilter } from './SelectFilter.tsx';
import { TimeColumnFilter, TimeGrainFilter, TimeRangeFilter } from './TimeFilters.tsx';

/** The control of one filter, by its type: in the bar, and for its default in the config modal. */
export function FilterControl(props: {
  filter: NativeFilter;
  mask: DataMask | undefined;
  parents: readonly DataMask[];
  invalid: boolean;
  onChange: (mask: DataMask) => void;
}) {
  switch (props.filter.filterType) {
    case 'filter_select':
      return <SelectFilter {...props} />;
    case 'filter_range':
      return <RangeFilter {...props} />;
    case 'filter_time':
      return <TimeRangeFilter {...props} />;
    case 'filter_timecolumn':
      return <TimeColumnFilter {...props} />;
    case 'filter_timegrain':
      return <TimeGrainFilter {...props} />;
  }
}
