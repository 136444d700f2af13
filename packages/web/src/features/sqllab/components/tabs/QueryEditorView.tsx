import { Flex, Spin, theme } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useSqlLabDispatch } from '../../state/hooks.ts';
import { queryEditorSetSplit } from '../../state/sqlLabSlice.ts';
import type { QueryEditor } from '../../state/types.ts';
import { EditorPane } from '../editor/EditorPane.tsx';
import { PaneSplitter } from '../editor/PaneSplitter.tsx';
import { LeftBar } from '../leftbar/LeftBar.tsx';
import { SouthPane } from '../southPane/SouthPane.tsx';

/**
 * One tab's workspace: the left bar (unless hidden for this tab), and the editor over the
 * results with the remembered split.
 */
export function QueryEditorView({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const { token } = theme.useToken();
  const containerRef = useRef<HTMLDivElement>(null);
  const [dragPercent, setDragPercent] = useState<number | null>(null);
  const north = dragPercent ?? editor.northPercent;

  const { id } = editor;
  const onDrop = useCallback(
    (percent: number) => {
      dispatch(queryEditorSetSplit(id, percent));
      setDragPercent(null);
    },
    [dispatch, id],
  );

  if (!editor.loaded) {
    return (
      <Flex align="center" justify="center" style={{ flex: 1 }} data-testid="sqllab-tab-loading">
        <Spin size="large" />
      </Flex>
    );
  }

  const showLeftBar = !editor.hideLeftBar;
  return (
    <Flex style={{ flex: 1, minHeight: 0 }}>
      {showLeftBar && (
        <aside
          data-testid="sqllab-leftbar-container"
          style={{
            width: 300,
            flex: '0 0 300px',
            borderRight: `1px solid ${token.colorBorderSecondary}`,
            background: token.colorBgContainer,
            overflow: 'hidden',
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <LeftBar />
        </aside>
      )}
      <Flex vertical ref={containerRef} style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        <div
          style={{ height: `${north}%`, minHeight: 0, background: token.colorBgContainer }}
          data-testid="sqllab-north-pane"
        >
          <EditorPane editor={editor} showDatabasePicker={!showLeftBar} />
        </div>
        <PaneSplitter
          containerRef={containerRef}
          northPercent={north}
          onDrag={setDragPercent}
          onDrop={onDrop}
        />
        <div
          style={{ flex: 1, minHeight: 0, background: token.colorBgContainer }}
          data-testid="sqllab-south-container"
        >
          <SouthPane />
        </div>
      </Flex>
    </Flex>
  );
}
