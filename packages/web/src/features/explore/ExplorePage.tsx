import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Flex, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { api, isAbortError, toClientErrorObject } from '../../app/api.ts';
import { logExploreMount } from '../../app/eventLogger.ts';
import { selectCommon, useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DatasetPicker } from './components/DatasetPicker.tsx';
import { ExploreLayout } from './components/ExploreLayout.tsx';
import { ExploreProvider } from './state/ExploreProvider.tsx';
import { useExploreSelector } from './state/hooks.ts';
import { createExploreStore, type ExploreServices } from './state/store.ts';
import { loadExplore, refreshDatasource } from './state/thunks.ts';
import { useFormDataKey } from './state/useFormDataKey.ts';
import { namesExploration, parseExploreUrl } from './urlParams.ts';

/** Router state of an address the page wrote itself (form_data_key, a save): no reload. */
export interface ExploreLocationState {
  exploreSync?: boolean;
}

function ExploreTitle() {
  const name = useExploreSelector((state) => state.explore.sliceName);
  usePageTitle(name || 'Explore');
  return null;
}

function FormDataKeySync({ baseline }: { baseline: React.RefObject<unknown> }) {
  useFormDataKey(baseline);
  return null;
}

/**
 * `/explore/` and `/explore/p/<key>`: opens what the address names (a saved chart, a dataset, a
 * cached exploration, a permalink) or asks for a dataset.
 */
export function ExplorePage() {
  const location = useLocation();
  const { key } = useParams();
  const common = useAppSelector(selectCommon);
  const toasts = useToasts();
  const toastRef = useRef(toasts);
  toastRef.current = toasts;
  const [store] = useState(() => {
    const services: ExploreServices = {
      api,
      toast: (type, text) => toastRef.current.addToast(type, text),
    };
    return createExploreStore(services);
  });
  const url = useMemo(() => parseExploreUrl(location.search, key), [location.search, key]);
  const [phase, setPhase] = useState<'picker' | 'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const [reloads, setReloads] = useState(0);
  /** The form data as loaded: the address changes only once the user changed something. */
  const baseline = useRef<unknown>(null);
  const loadKey = JSON.stringify(url);
  const selfWritten = (location.state as ExploreLocationState | null)?.exploreSync === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey stands for `url`; addresses the page wrote itself are not reloaded.
  useEffect(() => {
    if (selfWritten && phase === 'ready') return;
    if (!namesExploration(url.query)) {
      setPhase('picker');
      return;
    }
    const controller = new AbortController();
    setPhase('loading');
    setError(null);
    store
      .dispatch(
        loadExplore(
          url.query,
          {
            conf: common.conf,
            standalone: url.standalone,
            force: url.force,
            dashboardId: url.dashboardId,
          },
          controller.signal,
        ),
      )
      .then(
        () => {
          baseline.current = store.getState().explore.form_data;
          logExploreMount(store.getState().explore.slice);
          setPhase('ready');
        },
        (failure: unknown) => {
          if (isAbortError(failure)) return;
          setError(toClientErrorObject(failure));
          setPhase('error');
        },
      );
    return () => controller.abort();
  }, [loadKey, reloads, store]);

  const onDatasetSaved = useCallback(() => void store.dispatch(refreshDatasource()), [store]);

  if (phase === 'picker') return <DatasetPicker />;
  if (phase === 'error' && error) {
    return (
      <div style={{ padding: 24 }} data-testid="explore-load-error">
        <ErrorAlert
          error={error}
          title="This exploration could not be opened"
          onRetry={() => setReloads((n) => n + 1)}
        />
      </div>
    );
  }
  return (
    <ExploreProvider store={store}>
      <ExploreTitle />
      {phase === 'loading' ? (
        <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
          <Spin size="large" data-testid="explore-loading" />
        </Flex>
      ) : (
        <>
          <FormDataKeySync baseline={baseline} />
          <ExploreLayout onDatasetSaved={onDatasetSaved} />
        </>
      )}
    </ExploreProvider>
  );
}
