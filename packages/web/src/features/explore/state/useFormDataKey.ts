import { parseDatasourceKey } from '@tessera/shared/datasourceKey';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api.ts';
import { exploreApi } from '../exploreApi.ts';
import { exploreUrl } from '../urlParams.ts';
import { useExploreSelector } from './hooks.ts';

/** Form data is cached this long after the last change before the address is updated. */
export const FORM_DATA_SYNC_DELAY_MS = 1000;

/**
 * Keeps an unsaved exploration shareable, as Superset does: once the user changed something, the
 * form data is cached on the server (`/api/v1/explore/form_data`) and its key put in the address.
 */
export function useFormDataKey(baseline: React.RefObject<unknown>): void {
  const navigate = useNavigate();
  const formData = useExploreSelector((state) => state.explore.form_data);
  const sliceId = useExploreSelector((state) => state.explore.slice?.slice_id);
  const standalone = useExploreSelector((state) => state.explore.standalone);
  const keyRef = useRef<string | null>(null);
  const calls = useMemo(() => exploreApi(api), []);

  useEffect(() => {
    if (!formData || formData === baseline.current || standalone) return;
    const datasource = parseDatasourceKey(formData.datasource);
    if (!datasource) return;
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const key = await calls.saveFormData(
          {
            datasource_id: datasource.id,
            datasource_type: datasource.type,
            chart_id: sliceId ?? null,
            form_data: JSON.stringify(formData),
          },
          keyRef.current,
        );
        keyRef.current = key;
        if (!live) return;
        navigate(exploreUrl({ form_data_key: key, slice_id: sliceId }), {
          replace: true,
          state: { exploreSync: true },
        });
      } catch {
        // The address stays as it was; a key that expired is replaced on the next change.
        keyRef.current = null;
      }
    }, FORM_DATA_SYNC_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [formData, sliceId, standalone, baseline, calls, navigate]);
}
