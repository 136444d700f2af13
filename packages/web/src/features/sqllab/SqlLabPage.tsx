import { DisconnectOutlined } from '@ant-design/icons';
import type { BootstrapCommon } from '@tessera/shared/api/bootstrap';
import { DEFAULT_QUERY_LIMIT, DEFAULT_SQL_MAX_ROW } from '@tessera/shared/api/sqllab';
import { hasPermission } from '@tessera/shared/permissions';
import { Alert, Flex, Spin, theme } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../app/api.ts';
import { readBootstrap } from '../../app/bootstrap.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { Forbidden } from '../../components/Forbidden.tsx';
import { EditorTabs } from './components/tabs/EditorTabs.tsx';
import { QueryEditorView } from './components/tabs/QueryEditorView.tsx';
import { readLocalWorkspace } from './persistence/localWorkspace.ts';
import { usePersistence } from './persistence/usePersistence.ts';
import { useSqlLabDispatch, useSqlLabSelector } from './state/hooks.ts';
import { SqlLabProvider } from './state/SqlLabProvider.tsx';
import { selectActiveEditor, selectOffline, selectTabs } from './state/selectors.ts';
import { queryEditorSetHideLeftBar, queryEditorSetName } from './state/sqlLabSlice.ts';
import { createSqlLabStore, type SqlLabServices, type SqlLabStore } from './state/store.ts';
import { initializeWorkspace } from './state/thunks/init.ts';
import {
  openDatasource,
  openHistoryQuery,
  openPermalink,
  openSavedQuery,
} from './state/thunks/openers.ts';
import {
  addQueryEditor,
  copyQueryEditor,
  removeAllOtherQueryEditors,
  removeQueryEditor,
  switchQueryEditor,
  switchTabBy,
} from './state/thunks/tabs.ts';
import type { SqlLabSettings } from './state/types.ts';
import { useQueryPolling } from './state/useQueryPolling.ts';
import './SqlLab.css';

/** The editor's parameters that open something (handled once, then taken off the URL). */
const ENTRY_PARAMS = ['datasourceKey', 'savedQueryId', 'queryId', 'sql'] as const;
/** The app header's height: the workspace fills the window below it. */
const HEADER_HEIGHT = 56;

export function settingsFromBootstrap(common: BootstrapCommon): SqlLabSettings {
  return {
    backendPersistence: common.feature_flags.SQLLAB_BACKEND_PERSISTENCE ?? true,
    defaultDbId: common.conf.SQLLAB_DEFAULT_DBID ?? null,
    defaultQueryLimit: common.conf.DEFAULT_SQLLAB_LIMIT || DEFAULT_QUERY_LIMIT,
    maxRow: common.conf.SQL_MAX_ROW || DEFAULT_SQL_MAX_ROW,
    resultTimeout: common.conf.SQLLAB_QUERY_RESULT_TIMEOUT || 0,
  };
}

// One workspace per page load: it survives navigating to other pages and back.
let workspaceStore: SqlLabStore | null = null;
const toastTarget: { current: SqlLabServices['toast'] } = { current: () => {} };
/** Stable for the store's lifetime; reaches the app's toasts of the page mounted now. */
const forwardToast: SqlLabServices['toast'] = (type, text) => toastTarget.current(type, text);

function workspace(settings: SqlLabSettings): SqlLabStore {
  workspaceStore ??= createSqlLabStore({ api, toast: forwardToast }, settings);
  return workspaceStore;
}

/** A chart's "view query in SQL Lab" redirect carries this router state. */
interface RequestedQueryState {
  requestedQuery?: { datasourceKey?: string; sql?: string };
}

let postedQueryTaken = false;

/**
 * A query posted to /sqllab/ as a form arrives in the page's bootstrap; it opens once, not again
 * on later visits within the same page load.
 */
function takePostedQuery(): RequestedQueryState['requestedQuery'] {
  if (postedQueryTaken) return undefined;
  postedQueryTaken = true;
  return readBootstrap(document.getElementById('app'))?.requested_query;
}

/** Opens what the URL asks for: a permalink, a dataset, a saved or history query. */
function useEntryPoints(initialized: boolean) {
  const dispatch = useSqlLabDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const { key: permalinkKey } = useParams();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!initialized || handled.current === location.key) return;
    handled.current = location.key;
    const params = new URLSearchParams(location.search);
    const requested =
      (location.state as RequestedQueryState | null)?.requestedQuery ?? takePostedQuery();
    const run = async () => {
      if (permalinkKey) await dispatch(openPermalink(permalinkKey));
      if (requested?.datasourceKey) {
        await dispatch(openDatasource(requested.datasourceKey, requested.sql));
      }
      const datasourceKey = params.get('datasourceKey');
      if (datasourceKey)
        await dispatch(openDatasource(datasourceKey, params.get('sql') ?? undefined));
      const savedQueryId = Number(params.get('savedQueryId'));
      if (savedQueryId > 0) await dispatch(openSavedQuery(savedQueryId));
      const queryId = Number(params.get('queryId'));
      if (queryId > 0) await dispatch(openHistoryQuery(queryId));
    };
    const opened = permalinkKey || requested || ENTRY_PARAMS.some((name) => params.has(name));
    void run().then(() => {
      if (!opened) return;
      // The remaining query string still goes along to execution; the entry parameters do not.
      for (const name of ENTRY_PARAMS) params.delete(name);
      const search = params.toString();
      navigate(`/sqllab/${search ? `?${search}` : ''}`, { replace: true, state: null });
    });
  }, [dispatch, initialized, location, permalinkKey, navigate]);
}

function OfflineBanner() {
  const offline = useSqlLabSelector(selectOffline);
  if (!offline) return null;
  return (
    <Alert
      type="warning"
      banner
      icon={<DisconnectOutlined />}
      message="The server cannot be reached: query progress will update when the connection is back."
      data-testid="sqllab-offline"
    />
  );
}

function Workspace() {
  const dispatch = useSqlLabDispatch();
  const { token } = theme.useToken();
  const { addToast } = useToasts();
  const initialized = useSqlLabSelector((root) => root.sqlLab.initialized);
  const loadError = useSqlLabSelector((root) => root.sqlLab.errorMessage);
  const tabs = useSqlLabSelector(selectTabs);
  const editor = useSqlLabSelector(selectActiveEditor);

  useEffect(() => {
    toastTarget.current = (type, text) => addToast(type, text, { noDuplicate: true });
  }, [addToast]);
  useEffect(() => {
    if (!initialized) void dispatch(initializeWorkspace(readLocalWorkspace(window.localStorage)));
  }, [dispatch, initialized]);
  useEntryPoints(initialized);
  useQueryPolling();
  usePersistence(forwardToast, initialized);

  const onStep = useCallback((step: 1 | -1) => void dispatch(switchTabBy(step)), [dispatch]);

  return (
    <Flex
      vertical
      className="sqllab-workspace"
      data-testid="sqllab-page"
      style={{
        position: 'fixed',
        inset: `${HEADER_HEIGHT}px 0 0 0`,
        background: token.colorBgLayout,
      }}
    >
      <OfflineBanner />
      {loadError && initialized && (
        <Alert type="error" banner closable message={loadError} data-testid="sqllab-load-error" />
      )}
      {!initialized || !editor ? (
        <Flex align="center" justify="center" style={{ flex: 1 }}>
          <Spin size="large" data-testid="sqllab-loading" />
        </Flex>
      ) : (
        <>
          <div
            style={{
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              paddingTop: 6,
            }}
          >
            <EditorTabs
              tabs={tabs}
              activeId={editor.id}
              leftBarHidden={editor.hideLeftBar}
              onSelect={(id) => void dispatch(switchQueryEditor(id))}
              onAdd={() => dispatch(addQueryEditor())}
              onClose={(id) => dispatch(removeQueryEditor(id))}
              onCloseOthers={(id) => dispatch(removeAllOtherQueryEditors(id))}
              onCopy={(id) => dispatch(copyQueryEditor(id))}
              onRename={(id, name) => dispatch(queryEditorSetName(id, name))}
              onToggleLeftBar={() =>
                dispatch(queryEditorSetHideLeftBar(editor.id, !editor.hideLeftBar))
              }
              onStep={onStep}
            />
          </div>
          <QueryEditorView editor={editor} />
        </>
      )}
    </Flex>
  );
}

/** `/sqllab/` (and `/sqllab/p/<key>`): the SQL editor. */
export function SqlLabPage() {
  usePageTitle('SQL Lab');
  const user = useAppSelector((state) => state.session.user);
  const common = useAppSelector((state) => state.session.common);
  if (!hasPermission(user, 'can_execute_sql_query', 'SQLLab')) {
    return <Forbidden what="SQL Lab" />;
  }
  return (
    <SqlLabProvider store={workspace(settingsFromBootstrap(common))}>
      <Workspace />
    </SqlLabProvider>
  );
}
