import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { addLogListener, type LogEvent } from '../../../app/eventLogger.ts';
import { makeQueryEditor } from '../state/editorFactory.ts';
import { DEFAULT_SQLLAB_SETTINGS, workspaceLoaded } from '../state/sqlLabSlice.ts';
import { createSqlLabStore } from '../state/store.ts';
import { STORE_QUERY_FAILED, syncWorkspace } from './backendSync.ts';

/**
 * A workspace with one server tab changed since its last sync, and the server's answers. Synced
 * versions are remembered per tab for the page's lifetime, so each test takes a tab of its own.
 */
function workspace(tabId: string, answer: (method: string, url: string) => Response) {
  const toasts: { type: string; text: string }[] = [];
  const calls: string[] = [];
  const api = createApiClient({
    fetch: async (input, init = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${String(input)}`);
      if (String(input).includes('csrf_token'))
        return Response.json({ result: 'token' }, { status: 200 });
      return answer(method, String(input));
    },
  });
  const store = createSqlLabStore(
    { api, toast: (type, text) => toasts.push({ type, text }) },
    { ...DEFAULT_SQLLAB_SETTINGS, backendPersistence: true },
  );
  const editor = makeQueryEditor({
    id: tabId,
    tabViewId: tabId,
    name: 'Untitled Query 1',
    dbId: 1,
    sql: 'SELECT 123',
    loaded: true,
    inLocalStorage: false,
    version: 3,
  });
  store.dispatch(workspaceLoaded({ queryEditors: [editor], tabHistory: [tabId] }));
  return { store, toasts, calls };
}

describe('the 5000 ms tab sync', () => {
  it('writes a changed tab without a word when the server takes it', async () => {
    const { store, toasts, calls } = workspace('41', () => Response.json(41));
    await store.dispatch(syncWorkspace());
    expect(calls).toContain('PUT /tabstateview/41');
    expect(toasts).toEqual([]);
  });

  it('says "An error occurred while storing your query in the backend" when a save really fails', async () => {
    const { store, toasts } = workspace('42', (method) =>
      method === 'PUT'
        ? Response.json({ message: 'Internal server error' }, { status: 500 })
        : Response.json(41),
    );
    const seen: LogEvent[] = [];
    const stop = addLogListener((event) => seen.push(event));
    await store.dispatch(syncWorkspace());
    stop();
    expect(toasts).toEqual([{ type: 'danger', text: STORE_QUERY_FAILED }]);
    // Logged as a warning too, with the tab and what the server said.
    expect(seen).toEqual([
      expect.objectContaining({
        event_name: 'sqllab_store_tab_state_failed',
        source: 'sqlLab',
        source_id: '42',
        db_id: 1,
        level: 'warning',
        target_id: '42',
        status: 500,
        error_details: 'Internal server error',
      }),
    ]);
    expect(STORE_QUERY_FAILED).toMatch(
      /^An error occurred while storing your query in the backend\. .*"Save Query"/,
    );
  });
});
