import { sql } from '@codemirror/lang-sql';
import CodeMirror, {
  EditorSelection,
  type EditorView,
  keymap,
  Prec,
  type ViewUpdate,
} from '@uiw/react-codemirror';
import { useCallback, useMemo, useRef } from 'react';
import type { CursorPosition } from '../../state/types.ts';
import { sqlValidationLinter } from '../../validation/sqlValidationLinter.ts';
import {
  type ColumnTable,
  columnCompletionSource,
  completionNamespace,
  functionCompletionSource,
} from './completion.ts';
import { dialectOf } from './dialect.ts';

export interface SqlEditorProps {
  value: string;
  dbId: number | null;
  catalog: string | null;
  templateParams: string;
  backend: string | null;
  schema: string | null;
  schemas: readonly string[];
  tableNames: readonly string[];
  /** Tables whose columns complete: the left bar's and the ones the query reads. */
  tables: readonly ColumnTable[];
  functionNames: readonly string[];
  initialCursor: CursorPosition;
  themeMode: 'light' | 'dark';
  onChange(sql: string): void;
  onSelectionChange(selectedText: string | null, cursor: CursorPosition): void;
  /** Ctrl/Cmd+Enter. */
  onRun(): void;
  /** Ctrl+Shift+F. */
  onFormat(): void;
}

/** CodeMirror 6 with the database's SQL dialect, schema-aware completion and the run shortcut. */
export function SqlEditor(props: SqlEditorProps) {
  // Handlers change on each render; the keymap reads them through refs so it is built once.
  const handlers = useRef(props);
  handlers.current = props;

  const shortcuts = useMemo(
    () =>
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              handlers.current.onRun();
              return true;
            },
          },
          {
            key: 'Ctrl-Shift-f',
            run: () => {
              handlers.current.onFormat();
              return true;
            },
          },
        ]),
      ),
    [],
  );

  const { backend, schema, schemas, tableNames, tables, functionNames } = props;
  const language = useMemo(() => {
    const support = sql({
      dialect: dialectOf(backend),
      upperCaseKeywords: true,
      schema: completionNamespace({ schemas, schema, tableNames, tables }),
      ...(schema ? { defaultSchema: schema } : {}),
    });
    return [
      support,
      support.language.data.of({ autocomplete: columnCompletionSource(tables) }),
      support.language.data.of({ autocomplete: functionCompletionSource(functionNames) }),
    ];
  }, [backend, schema, schemas, tableNames, tables, functionNames]);

  // Syntax errors from the server's validator, shown while typing (silent where none exists).
  const { dbId, catalog, templateParams } = props;
  const validation = useMemo(
    () => sqlValidationLinter({ databaseId: dbId, schema, catalog, templateParams }),
    [dbId, schema, catalog, templateParams],
  );

  const extensions = useMemo(
    () => [shortcuts, ...language, validation],
    [shortcuts, language, validation],
  );

  const onCreateEditor = useCallback((view: EditorView) => {
    const { row, column } = handlers.current.initialCursor;
    const doc = view.state.doc;
    if (row < doc.lines) {
      const line = doc.line(row + 1);
      const offset = Math.min(line.from + column, line.to);
      view.dispatch({ selection: EditorSelection.cursor(offset), scrollIntoView: true });
    }
    view.focus();
  }, []);

  const onUpdate = useCallback((update: ViewUpdate) => {
    if (!update.selectionSet) return;
    const { state } = update;
    const range = state.selection.main;
    const line = state.doc.lineAt(range.head);
    const text = range.empty ? null : state.sliceDoc(range.from, range.to);
    handlers.current.onSelectionChange(text, {
      row: line.number - 1,
      column: range.head - line.from,
    });
  }, []);

  const onChange = useCallback((value: string) => handlers.current.onChange(value), []);

  return (
    <CodeMirror
      data-testid="sqllab-editor"
      value={props.value}
      height="100%"
      style={{ height: '100%', fontSize: 13.5 }}
      theme={props.themeMode}
      extensions={extensions}
      onChange={onChange}
      onUpdate={onUpdate}
      onCreateEditor={onCreateEditor}
      basicSetup={{ foldGutter: false, highlightActiveLine: true, autocompletion: true }}
    />
  );
}
