import { DatabaseOutlined } from '@ant-design/icons';
import { hasPermission } from '@tessera/shared/permissions';
import { Flex, Select } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../../app/store.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { ScheduleQueryModal } from '../../../reports/ScheduleQueryModal.tsx';
import { useSqlLabDispatch, useSqlLabSelector } from '../../state/hooks.ts';
import {
  selectActiveCostEstimate,
  selectActiveDatabase,
  selectActiveEditorTables,
  selectDatabases,
  selectLatestQuery,
  selectSettings,
} from '../../state/selectors.ts';
import {
  queryEditorSetCursorPosition,
  queryEditorSetDb,
  queryEditorSetQueryLimit,
  queryEditorSetSelectedText,
  queryEditorSetSql,
  queryEditorSetTemplateParams,
} from '../../state/sqlLabSlice.ts';
import {
  createPermalink,
  estimateQueryCost,
  formatQuery,
  loadFunctionNames,
  runEditorQuery,
  saveQuery,
  toolErrorText,
  updateSavedQuery,
} from '../../state/thunks/editor.ts';
import { stopQuery } from '../../state/thunks/queries.ts';
import type { QueryEditor } from '../../state/types.ts';
import { CtasModal } from './CtasModal.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { EstimateModal } from './EstimateModal.tsx';
import { SaveQueryModal } from './SaveQueryModal.tsx';
import { ShareModal } from './ShareModal.tsx';
import { SqlEditor } from './SqlEditor.tsx';
import { TemplateParamsModal } from './TemplateParamsModal.tsx';
import { useCompletionData } from './useCompletionData.ts';
import { useQueryTableColumns } from './useQueryTableColumns.ts';

const RUNNING_STATES = new Set(['running', 'started', 'pending', 'fetching', 'scheduled']);
export const LINK_COPIED = 'Link copied to clipboard';

type OpenModal = 'save' | 'params' | 'estimate' | 'ctas' | 'schedule' | null;

/** The north pane of a tab: toolbar, CodeMirror editor and the toolbar's dialogs. */
export function EditorPane({
  editor,
  showDatabasePicker,
}: {
  editor: QueryEditor;
  showDatabasePicker: boolean;
}) {
  const dispatch = useSqlLabDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const themeMode = useAppSelector((state) => state.theme.mode);
  const canSchedule = useAppSelector((state) =>
    hasPermission(state.session.user, 'can_write', 'ReportSchedule'),
  );
  const database = useSqlLabSelector(selectActiveDatabase);
  const databases = useSqlLabSelector(selectDatabases);
  const tables = useSqlLabSelector(selectActiveEditorTables);
  const latestQuery = useSqlLabSelector(selectLatestQuery);
  const estimate = useSqlLabSelector(selectActiveCostEstimate);
  const settings = useSqlLabSelector(selectSettings);
  const [modal, setModal] = useState<OpenModal>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [formatting, setFormatting] = useState(false);
  const { schemas, tableNames } = useCompletionData(editor.dbId, editor.schema);
  const columnTables = useQueryTableColumns(editor.dbId, editor.schema, editor.sql, tables);
  const editorContainer = useRef<HTMLDivElement>(null);
  const focusEditor = useCallback(
    () => editorContainer.current?.querySelector<HTMLElement>('.cm-content')?.focus(),
    [],
  );

  const { id, dbId } = editor;
  useEffect(() => {
    if (dbId) void dispatch(loadFunctionNames(id, dbId));
  }, [dispatch, id, dbId]);

  const running = latestQuery ? RUNNING_STATES.has(latestQuery.state) : false;
  const run = useCallback(() => {
    if (!running) void dispatch(runEditorQuery(id));
  }, [dispatch, id, running]);
  const stop = useCallback(() => {
    if (latestQuery) void dispatch(stopQuery(latestQuery));
  }, [dispatch, latestQuery]);
  const format = useCallback(async () => {
    setFormatting(true);
    await dispatch(formatQuery(id));
    setFormatting(false);
  }, [dispatch, id]);
  const share = useCallback(async () => {
    try {
      const url = await dispatch(createPermalink(id));
      setShareUrl(url);
      await navigator.clipboard?.writeText(url).then(
        () => addSuccessToast(LINK_COPIED),
        () => undefined,
      );
    } catch (error) {
      addDangerToast(toolErrorText(error));
    }
  }, [dispatch, id, addSuccessToast, addDangerToast]);

  const databaseOptions = useMemo(
    () =>
      Object.values(databases)
        .sort((a, b) => a.database_name.localeCompare(b.database_name))
        .map((db) => ({ value: db.id, label: db.database_name })),
    [databases],
  );

  const picker = showDatabasePicker ? (
    <Select
      value={editor.dbId ?? undefined}
      placeholder="Choose a database"
      options={databaseOptions}
      onChange={(value: number) => dispatch(queryEditorSetDb(id, value))}
      style={{ minWidth: 180 }}
      prefix={<DatabaseOutlined />}
      data-testid="sqllab-database-select"
      aria-label="Database"
    />
  ) : null;

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <EditorToolbar
        canRun={Boolean(editor.dbId)}
        canEstimate={Boolean(database?.allows_cost_estimate)}
        canCtas={Boolean(database?.allow_ctas || database?.allow_cvas)}
        onCtas={() => setModal('ctas')}
        running={running}
        hasSelection={Boolean(editor.selectedText?.trim())}
        queryLimit={editor.queryLimit}
        // The server's SQL_MAX_ROW now, not the one a tab restored from storage was made with.
        maxRow={settings.maxRow}
        remoteId={editor.remoteId}
        hasTemplateParams={Boolean(editor.templateParams.trim())}
        formatting={formatting}
        databasePicker={picker}
        onRun={run}
        onStop={stop}
        onLimitChange={(limit) => dispatch(queryEditorSetQueryLimit(id, limit))}
        onFormat={format}
        onEstimate={() => {
          setModal('estimate');
          void dispatch(estimateQueryCost(id));
        }}
        onTemplateParams={() => setModal('params')}
        onSave={() => setModal('save')}
        onSchedule={
          editor.remoteId !== null && canSchedule ? () => setModal('schedule') : undefined
        }
        onShare={share}
      />
      <div
        ref={editorContainer}
        style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}
        data-testid="sqllab-editor-container"
      >
        <SqlEditor
          key={editor.id}
          value={editor.sql}
          dbId={editor.dbId}
          catalog={editor.catalog}
          templateParams={editor.templateParams}
          backend={database?.backend ?? null}
          schema={editor.schema}
          schemas={schemas}
          tableNames={tableNames}
          tables={columnTables}
          functionNames={editor.functionNames}
          initialCursor={editor.cursorPosition}
          themeMode={themeMode}
          onChange={(sql) => dispatch(queryEditorSetSql(id, sql))}
          onSelectionChange={(text, cursor) => {
            dispatch(queryEditorSetSelectedText(id, text));
            dispatch(queryEditorSetCursorPosition(id, cursor.row, cursor.column));
          }}
          onRun={run}
          onFormat={format}
        />
      </div>
      <SaveQueryModal
        open={modal === 'save'}
        defaultName={editor.name}
        remoteId={editor.remoteId}
        onSave={(fields) => dispatch(saveQuery(id, fields))}
        onUpdate={(fields) => dispatch(updateSavedQuery(id, fields))}
        onClose={() => setModal(null)}
      />
      {modal === 'schedule' && editor.dbId !== null && (
        <ScheduleQueryModal
          query={{ name: editor.name, database: editor.dbId, sql: editor.sql }}
          onClose={() => setModal(null)}
        />
      )}
      <TemplateParamsModal
        open={modal === 'params'}
        value={editor.templateParams}
        onApply={(value) => dispatch(queryEditorSetTemplateParams(id, value))}
        onClose={() => setModal(null)}
        afterClose={focusEditor}
      />
      <CtasModal
        open={modal === 'ctas'}
        allowTable={Boolean(database?.allow_ctas)}
        allowView={Boolean(database?.allow_cvas)}
        onRun={(options) =>
          void dispatch(
            runEditorQuery(id, {
              ctas: true,
              tempTable: options.tempTable || undefined,
              ctasMethod: options.ctasMethod,
            }),
          )
        }
        onClose={() => setModal(null)}
        afterClose={focusEditor}
      />
      <EstimateModal
        open={modal === 'estimate'}
        estimate={estimate}
        onClose={() => setModal(null)}
      />
      <ShareModal
        url={shareUrl}
        onCopy={(url) =>
          void navigator.clipboard?.writeText(url).then(
            () => addSuccessToast(LINK_COPIED),
            () => addDangerToast('Sorry, your browser does not support copying.'),
          )
        }
        onClose={() => setShareUrl(null)}
      />
    </Flex>
  );
}
