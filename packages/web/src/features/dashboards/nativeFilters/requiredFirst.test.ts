import type { FilterConfigItem } from '@tessera/shared/dashboard/nativeFilters';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../app/api.ts';
import { createDashboardStore } from '../state/store.ts';
import { loadDashboard } from '../state/thunks.ts';
import { filtersChange } from './filterConfig.ts';
import { chartQueries, fakeDashboardServer, ORIGIN_FILTER } from './testDashboard.ts';

const FIRST_REQUIRED = {
  ...ORIGIN_FILTER,
  controlValues: { multiSelect: true, enableEmptyFilter: true, defaultToFirstItem: true },
  requiredFirst: true,
} as FilterConfigItem;

afterEach(() => {
  api.configure({ fetch: (...args) => globalThis.fetch(...args) });
});

describe('requiredFirst', () => {
  it('is set on save for a required filter that selects its first value', () => {
    const plain = { ...FIRST_REQUIRED, requiredFirst: undefined } as FilterConfigItem;
    expect(filtersChange([], [plain], []).modified[0]).toMatchObject({ requiredFirst: true });
    // A filter that never had it is not marked changed by it.
    expect(filtersChange([ORIGIN_FILTER], [ORIGIN_FILTER], []).modified).toEqual([]);
  });

  it('applies the first option before the first chart query', async () => {
    const { calls } = fakeDashboardServer({ config: [FIRST_REQUIRED] });
    const store = createDashboardStore();
    await store.dispatch(
      loadDashboard({ idOrSlug: '1', wantsEdit: () => false, screenHeight: 800 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls[0]?.vizType).toBe('filter_select');
    expect(store.getState().dataMask[ORIGIN_FILTER.id]?.filterState?.value).toEqual(['LAX']);
    const first = chartQueries(calls);
    expect(first.length).toBeGreaterThan(0);
    // Charts 5 and 6 are in the filter's scope, 7 is not.
    for (const call of first) {
      expect(call.extraFormData).toEqual(
        call.sliceId === 7 ? undefined : { filters: [{ col: 'origin', op: 'IN', val: ['LAX'] }] },
      );
    }
  });

  it('keeps the value the address gives', async () => {
    const { calls } = fakeDashboardServer({ config: [FIRST_REQUIRED] });
    const store = createDashboardStore();
    await store.dispatch(
      loadDashboard({
        idOrSlug: '1',
        wantsEdit: () => false,
        screenHeight: 0,
        addressDataMask: async () => ({
          [ORIGIN_FILTER.id]: {
            id: ORIGIN_FILTER.id,
            extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }] },
            filterState: { value: ['SFO'] },
          },
        }),
      }),
    );
    expect(calls.filter((c) => c.vizType === 'filter_select')).toEqual([]);
    expect(store.getState().dataMask[ORIGIN_FILTER.id]?.filterState?.value).toEqual(['SFO']);
  });
});
