import { App as AntApp, ConfigProvider } from 'antd';
import { useCallback } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ToastHost } from '../components/ToastHost.tsx';
import type { createAppRouter } from './router.tsx';
import { type AppStore, useAppDispatch, useAppSelector } from './store.ts';
import { antdTheme } from './theme.ts';
import { toastRemoved } from './toastsSlice.ts';

function Toasts() {
  const toasts = useAppSelector((state) => state.toasts);
  const dispatch = useAppDispatch();
  const remove = useCallback((id: string) => dispatch(toastRemoved(id)), [dispatch]);
  return <ToastHost toasts={toasts} onRemove={remove} />;
}

/** The theme follows the store so the toggle applies at once, everywhere. */
export function ThemedProviders({ children }: { children: React.ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  return (
    <ConfigProvider theme={antdTheme(mode)}>
      <AntApp>
        {children}
        <Toasts />
      </AntApp>
    </ConfigProvider>
  );
}

export function App({
  store,
  router,
}: {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <Provider store={store}>
      <ThemedProviders>
        <RouterProvider router={router} />
      </ThemedProviders>
    </Provider>
  );
}
