import { Empty, Flex, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useSqlLabDispatch, useSqlLabSelector, useSqlLabStore } from '../../state/hooks.ts';
import {
  selectActiveEditor,
  selectActiveEditorTables,
  selectDatabases,
} from '../../state/selectors.ts';
import {
  activeSouthPaneTabSet,
  queryEditorPatched,
  queryEditorSetSql,
} from '../../state/sqlLabSlice.ts';
import { runTablePreview } from '../../state/thunks/queries.ts';
import { addTable, collapseTable, expandTable, removeTable } from '../../state/thunks/tables.ts';
import type { SqlLabTable } from '../../state/types.ts';
import { TableBrowser } from './TableBrowser.tsx';
import { TableElement } from './TableElement.tsx';
import { TargetPickers } from './TargetPickers.tsx';

/** The editor text with a table's SELECT * added (replacing it when the editor is empty). */
export function withSelectStar(sql: string, selectStar: string): string {
  const current = sql.trimEnd();
  if (!current || /^select\s+\.\.\.;?$/i.test(current)) return selectStar;
  return `${current}${current.endsWith(';') ? '' : ';'}\n\n${selectStar}`;
}

/**
 * The left bar of a tab: database, catalog and schema pickers bound to the tab, the schema's
 * tables, and the tables added to the tab with their columns, keys and indexes.
 */
export function LeftBar() {
  const dispatch = useSqlLabDispatch();
  const store = useSqlLabStore();
  const { token } = theme.useToken();
  const editor = useSqlLabSelector(selectActiveEditor);
  const databaseMap = useSqlLabSelector(selectDatabases);
  const tables = useSqlLabSelector(selectActiveEditorTables);
  const [refreshToken, setRefreshToken] = useState(0);

  const databases = useMemo(
    () =>
      Object.values(databaseMap)
        .filter((db) => db.expose_in_sqllab)
        .sort((a, b) => a.database_name.localeCompare(b.database_name)),
    [databaseMap],
  );
  const addedNames = useMemo(
    () =>
      new Set(
        tables
          .filter((t) => t.dbId === editor?.dbId && t.schema === editor?.schema)
          .map((t) => t.name),
      ),
    [tables, editor?.dbId, editor?.schema],
  );
  if (!editor) return null;
  const database = editor.dbId ? databaseMap[String(editor.dbId)] : undefined;

  const showPreview = (table: SqlLabTable) => {
    // The preview gets its own tab in the south pane: open it as soon as the run exists.
    const started = dispatch(runTablePreview(table));
    const previewId = store
      .getState()
      .sqlLab.tables.find((t) => t.id === table.id)?.dataPreviewQueryId;
    if (previewId) dispatch(activeSouthPaneTabSet(previewId));
    void started;
  };

  return (
    <Flex
      vertical
      gap={14}
      style={{ padding: 12, height: '100%', overflowY: 'auto', minHeight: 0 }}
      data-testid="sqllab-leftbar"
    >
      <TargetPickers
        databases={databases}
        dbId={editor.dbId}
        catalog={editor.catalog}
        schema={editor.schema}
        refreshToken={refreshToken}
        onRefresh={() => setRefreshToken((n) => n + 1)}
        onDatabase={(dbId) =>
          dispatch(queryEditorPatched(editor.id, { dbId, catalog: null, schema: null }))
        }
        onCatalog={(catalog) => dispatch(queryEditorPatched(editor.id, { catalog, schema: null }))}
        onSchema={(schema) => dispatch(queryEditorPatched(editor.id, { schema }))}
      />
      {editor.dbId !== null && editor.schema ? (
        <TableBrowser
          dbId={editor.dbId}
          catalog={editor.catalog}
          schema={editor.schema}
          refreshToken={refreshToken}
          added={addedNames}
          onAdd={(name) => void dispatch(addTable(editor, name, editor.catalog, editor.schema))}
        />
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Pick a schema to browse its tables.
        </Typography.Text>
      )}
      <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }} />
      {tables.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Tables you add show their columns here"
          style={{ margin: '4px 0' }}
        />
      ) : (
        <Flex vertical gap={8} data-testid="sqllab-tables">
          {tables.map((table) => (
            <TableElement
              key={table.id}
              table={table}
              previewDisabled={Boolean(
                databaseMap[String(table.dbId)]?.disable_data_preview ??
                  database?.disable_data_preview,
              )}
              onToggle={() =>
                void dispatch(table.expanded ? collapseTable(table) : expandTable(table))
              }
              onRemove={() => void dispatch(removeTable(table))}
              onPreview={() => showPreview(table)}
              onSelectStar={() =>
                table.selectStar &&
                dispatch(queryEditorSetSql(editor.id, withSelectStar(editor.sql, table.selectStar)))
              }
            />
          ))}
        </Flex>
      )}
    </Flex>
  );
}
