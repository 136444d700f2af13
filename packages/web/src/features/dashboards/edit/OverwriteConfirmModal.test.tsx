import { fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { ADMIN, renderWithApp, testUser } from '../../../test/render.tsx';
import { overwriteConfirmSet } from '../state/dashboardSlice.ts';
import { DashboardContext } from '../state/hooks.ts';
import { createDashboardStore } from '../state/store.ts';
import { OverwriteConfirmModal } from './OverwriteConfirmModal.tsx';

/** The dialog a conflicting save opens: Reload (take theirs), Overwrite (keep mine) or Cancel. */

function setup(items: Array<{ keyPath: string; oldValue: string; newValue: string }>) {
  const store = createDashboardStore({
    api: createApiClient({ fetch: vi.fn() as never }),
    toast: () => {},
  });
  store.dispatch(
    overwriteConfirmSet({
      updatedAt: '2024-01-02T10:00:00.000Z',
      updatedBy: 'Bea',
      overwriteConfirmItems: items,
      dashboardId: 5,
      data: { css: '.mine{}' },
    }),
  );
  const reload = vi.fn();
  renderWithApp(
    <Provider store={store} context={DashboardContext}>
      <OverwriteConfirmModal options={{ reload }} />
    </Provider>,
    { user: testUser(ADMIN) },
  );
  return { store, reload };
}

describe('OverwriteConfirmModal', () => {
  it('offers Reload, Overwrite and Cancel, and Reload loads the stored dashboard', async () => {
    const { store, reload } = setup([{ keyPath: 'css', oldValue: 'theirs', newValue: '.mine{}' }]);
    expect(await screen.findByTestId('overwrite-confirm')).toBeTruthy();
    expect(screen.getByTestId('overwrite-cancel')).toBeTruthy();
    expect(screen.getByText(/Bea saved this dashboard/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('overwrite-reload'));
    expect(reload).toHaveBeenCalledOnce();
    expect(store.getState().dashboardState.overwriteConfirmMetadata).toBeNull();
  });

  it('says what to do when the server refused the save but no field differs', async () => {
    setup([]);
    expect(
      await screen.findByText(/Reload to see their changes, or overwrite them with yours/),
    ).toBeTruthy();
  });
});
