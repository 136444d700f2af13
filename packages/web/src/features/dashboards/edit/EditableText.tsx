import type { LayoutItem } from '@tessera/shared/dashboard/position';
import {
  DEFAULT_HEADER_TEXT,
  DEFAULT_MARKDOWN_HEIGHT,
  GRID_BASE_UNIT,
} from '@tessera/shared/dashboard/position';
import { Input, Segmented } from 'antd';
import { type FocusEvent, memo, useState } from 'react';
import { Header } from '../components/grid/Header.tsx';
import { MARKDOWN_PLACEHOLDER, Markdown } from '../components/grid/Markdown.tsx';
import { useDashboardDispatch } from '../state/hooks.ts';
import { updateComponents } from '../state/layoutSlice.ts';

/**
 * Text the user types into the layout: a markdown block (click to edit in a textarea, with an
 * edit/preview toggle) and a header's text. Each edit is stored once, when the field loses focus,
 * so typing makes one undo step rather than one per key.
 */

function useMetaCommit(item: LayoutItem) {
  const dispatch = useDashboardDispatch();
  return (meta: Partial<LayoutItem['meta']>) => {
    const next = { ...item, meta: { ...item.meta, ...meta } };
    dispatch(updateComponents({ [item.id]: next }));
  };
}

export const EditableMarkdown = memo(function EditableMarkdown({ item }: { item: LayoutItem }) {
  const commit = useMetaCommit(item);
  const [editing, setEditing] = useState(false);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [draft, setDraft] = useState('');
  const source = item.meta.code ?? item.meta.text ?? '';
  const height = (item.meta.height ?? DEFAULT_MARKDOWN_HEIGHT) * GRID_BASE_UNIT;
  const shown = {
    ...item,
    meta: { ...item.meta, code: (editing ? draft : source) || MARKDOWN_PLACEHOLDER },
  };

  const start = () => {
    if (editing) return;
    setDraft(source);
    setMode('edit');
    setEditing(true);
  };
  const finish = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setEditing(false);
    if (draft !== source) commit({ code: draft });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the block opens its editor on click; the textarea is the keyboard path.
    <div
      className="dashboard-edit-markdown"
      data-testid="editable-markdown"
      data-editing={editing ? 'true' : 'false'}
      onClick={start}
      onKeyDown={(e) => e.key === 'Enter' && start()}
      onBlur={finish}
      style={{ position: 'relative', minHeight: height }}
    >
      {editing && (
        <Segmented
          size="small"
          className="dashboard-markdown-mode"
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'preview')}
          options={[
            { label: <span data-testid="markdown-mode-edit">Edit</span>, value: 'edit' },
            { label: <span data-testid="markdown-mode-preview">Preview</span>, value: 'preview' },
          ]}
        />
      )}
      {editing && mode === 'edit' ? (
        <Input.TextArea
          autoFocus
          data-testid="markdown-editor"
          value={draft}
          placeholder={MARKDOWN_PLACEHOLDER}
          onChange={(e) => setDraft(e.target.value)}
          style={{ height, resize: 'none', fontFamily: 'monospace' }}
        />
      ) : (
        <Markdown component={shown} />
      )}
    </div>
  );
});

export const EditableHeader = memo(function EditableHeader({ item }: { item: LayoutItem }) {
  const commit = useMetaCommit(item);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const text = item.meta.text || DEFAULT_HEADER_TEXT;
  if (!editing) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a click on the heading edits it, as in Superset.
      <div
        data-testid="editable-header-text"
        onClick={() => {
          setDraft(text);
          setEditing(true);
        }}
        onKeyDown={(e) => e.key === 'Enter' && setEditing(true)}
      >
        <Header component={item} />
      </div>
    );
  }
  const done = () => {
    setEditing(false);
    const value = draft.trim() || DEFAULT_HEADER_TEXT;
    if (value !== item.meta.text) commit({ text: value });
  };
  return (
    <div style={{ padding: '8px 12px' }}>
      <Input
        autoFocus
        data-testid="header-text-input"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={done}
        onPressEnter={done}
        onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
        style={{ fontSize: 20, fontWeight: 600 }}
      />
    </div>
  );
});

/** A tab's title: double-click to rename. */
export function EditableTabTitle({ item }: { item: LayoutItem }) {
  const commit = useMetaCommit(item);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const title = item.meta.text || item.meta.defaultText || 'Tab title';
  if (!editing) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a double-click renames, as in Superset; the tab itself stays the keyboard target.
      <span
        data-testid="tab-title"
        onDoubleClick={() => {
          setDraft(item.meta.text ?? '');
          setEditing(true);
        }}
      >
        {title}
      </span>
    );
  }
  const done = () => {
    setEditing(false);
    if (draft !== (item.meta.text ?? '')) commit({ text: draft });
  };
  return (
    <Input
      size="small"
      autoFocus
      data-testid="tab-title-input"
      value={draft}
      placeholder={item.meta.placeholder ?? 'Tab title'}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={(e) => {
        // The tabs focus their own tab node when it re-renders: that is not leaving the field.
        const to = e.relatedTarget as Node | null;
        if (to?.contains(e.currentTarget)) {
          e.currentTarget.focus();
          return;
        }
        done();
      }}
      onPressEnter={done}
      onKeyDown={(e) => e.stopPropagation()}
      onClick={(e) => e.stopPropagation()}
      style={{ width: 140 }}
    />
  );
}
