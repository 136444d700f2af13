import type { DataMask, FilterConfigItem } from '@tessera/shared/dashboard/nativeFilters';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDashboardDispatch, useDashboardSelector } from '../state/hooks.ts';
import { applyDataMask } from './chartFilters.ts';
import type { DataMaskMap } from './dataMask.ts';
import { changedMasks, clearedMasks, missingRequired } from './filterBarDraft.ts';

const EMPTY_CONFIG: FilterConfigItem[] = [];

/** The filter bar's draft (either orientation): what is selected, what applying would change. */
export function useFilterBarDraft() {
  const dispatch = useDashboardDispatch();
  const config = useDashboardSelector(
    (s) => s.dashboardInfo.info?.metadata.native_filter_configuration ?? EMPTY_CONFIG,
  );
  const applied = useDashboardSelector((s) => s.dataMask);
  const [draft, setDraft] = useState<DataMaskMap>(applied);
  useEffect(() => setDraft(applied), [applied]);

  const setMask = useCallback(
    (mask: DataMask) => setDraft((current) => ({ ...current, [mask.id as string]: mask })),
    [],
  );
  const changed = useMemo(() => changedMasks(config, draft, applied), [config, draft, applied]);
  const missing = useMemo(() => missingRequired(config, draft), [config, draft]);
  return {
    config,
    /** What `FilterFields` shows and where its changes go. */
    fields: { config, draft, missing, onChange: setMask },
    canApply: Object.keys(changed).length > 0 && missing.length === 0,
    apply: () => dispatch(applyDataMask(changed)),
    clearAll: () => setDraft((current) => ({ ...current, ...clearedMasks(config) })),
  };
}
