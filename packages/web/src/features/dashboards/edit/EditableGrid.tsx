import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CHART_MOVED_SCOPE_MESSAGE } from '@tessera/shared/dashboard/crossFilters';
import { GRID_COLUMN_COUNT, GRID_ID, ROOT_ID } from '@tessera/shared/dashboard/position';
import { Button, Flex, Tooltip } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useToasts } from '../../../app/useToasts.ts';
import { useDashboardDispatch, useDashboardSelector, useDashboardStore } from '../state/hooks.ts';
import { DROP_FORBIDDEN, type Point } from '../state/layoutRules.ts';
import {
  canRedo,
  canUndo,
  createComponent,
  deleteComponent,
  moveComponent,
  redo,
  undo,
} from '../state/layoutSlice.ts';
import { BuilderPaneContent } from './BuilderPane.tsx';
import {
  hasChartDefinition,
  NO_CHART_DEFINITION_MESSAGE,
  registerAddedChart,
} from './builderCharts.ts';
import { type DragData, dragDataOf } from './dragData.ts';
import {
  type DropChecks,
  dropChecks,
  findDrop,
  indicatorBox,
  type MeasuredTarget,
  measureTargets,
  type Targeted,
} from './dropTargeting.ts';
import { EditableContainer } from './EditableComponent.tsx';
import { EditableTabs } from './EditableTabs.tsx';
import { EditorChrome } from './EditorChrome.tsx';
import { EDITOR_CSS } from './editorCss.ts';
import { registerEditor, usePaneHost } from './editorHost.ts';
import { movedAcrossFilterScopes } from './filterScopeMove.ts';
import { OverwriteConfirmModal } from './OverwriteConfirmModal.tsx';
import { useLeaveWarning, useUndoLimitToast, useUndoShortcuts } from './useEditorGuards.ts';

/**
 * The dashboard in edit mode: the layout with drag handles, drop zones, resize handles and
 * delete buttons, the undo/redo toolbar, and the builder pane's content (drawn into the pane the
 * page places). Drops are decided by the shared rules in state/layoutRules.ts; a refused drop
 * shows the spec's message.
 *
 * Dragging stays cheap on a large dashboard: dnd-kit only tracks the drag (no droppables, no
 * collision detection), drop zones are found from rectangles measured once per drag, and the
 * single drop indicator is moved by hand, so no component re-renders while the pointer moves.
 */

const NO_COLLISIONS: CollisionDetection = () => [];

interface DragSession {
  data: DragData;
  pointer: Point;
  targets: MeasuredTarget[];
  stale: boolean;
  frame: number;
  found: Targeted | null;
  checks: DropChecks;
}

/** On the document while the pointer is over a refused drop: the not-allowed cursor everywhere. */
const FORBIDDEN_CURSOR_CLASS = 'dashboard-drop-forbidden';

function showForbiddenCursor(on: boolean) {
  const root = document.documentElement;
  // Toggled only on a change: each toggle restyles the page.
  if (root.classList.contains(FORBIDDEN_CURSOR_CLASS) !== on) {
    root.classList.toggle(FORBIDDEN_CURSOR_CLASS, on);
  }
}

function pointerOf(event: Event | null): Point {
  if (event && 'clientX' in event) {
    const e = event as PointerEvent;
    return { x: e.clientX, y: e.clientY };
  }
  return { x: 0, y: 0 };
}

const TopLevelTabs = memo(function TopLevelTabs({ tabsId }: { tabsId: string }) {
  const dispatch = useDashboardDispatch();
  const item = useDashboardSelector((s) => s.dashboardLayout.present[tabsId]);
  if (!item) return null;
  return (
    <div data-layout-id={tabsId}>
      <EditorChrome
        item={item}
        parentColumns={GRID_COLUMN_COUNT}
        onDelete={() => dispatch(deleteComponent(tabsId))}
        variant="tabs"
      >
        <EditableTabs item={item} parentColumns={GRID_COLUMN_COUNT} topLevel />
      </EditorChrome>
    </div>
  );
});

export function EditableGrid() {
  const store = useDashboardStore();
  const dispatch = useDashboardDispatch();
  const { addWarningToast } = useToasts();
  const rootChildren = useDashboardSelector((s) => s.dashboardLayout.present[ROOT_ID]?.children);
  const topTabsId = useDashboardSelector((s) => {
    const layout = s.dashboardLayout.present;
    return layout[ROOT_ID]?.children.find((id) => layout[id]?.type === 'TABS');
  });
  const undoable = useDashboardSelector((s) => canUndo(s.dashboardLayout));
  const redoable = useDashboardSelector((s) => canRedo(s.dashboardLayout));
  const paneHost = usePaneHost();
  const gridRef = useRef<HTMLDivElement>(null);
  const indicatorRef = useRef<HTMLDivElement>(null);
  const session = useRef<DragSession | null>(null);
  const [active, setActive] = useState<DragData | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));

  // Before paint, so the pane never shows its own copy of the content first.
  useLayoutEffect(() => registerEditor(), []);
  // Leaving edit mode mid-drag must not leave the page with the not-allowed cursor.
  useEffect(() => () => showForbiddenCursor(false), []);
  useLeaveWarning();
  useUndoLimitToast();
  useUndoShortcuts();

  const paint = useCallback((found: Targeted | null) => {
    const el = indicatorRef.current;
    if (!el) return;
    if (!found) {
      el.style.display = 'none';
      delete el.dataset.position;
      delete el.dataset.targetId;
      delete el.dataset.refusal;
      showForbiddenCursor(false);
      return;
    }
    const box = indicatorBox(found);
    const forbidden = found.resolution.position === DROP_FORBIDDEN;
    showForbiddenCursor(forbidden);
    el.style.display = 'block';
    el.style.top = `${box.top}px`;
    el.style.left = `${box.left}px`;
    el.style.width = `${box.width}px`;
    el.style.height = `${box.height}px`;
    el.className = forbidden ? 'dashboard-drop-indicator forbidden' : 'dashboard-drop-indicator';
    el.dataset.position = found.resolution.position;
    el.dataset.targetId = found.targetId;
    el.dataset.parentId = found.resolution.destination?.parentId ?? '';
    // What a release here would toast (tests and assistive tools read it).
    const refusal = found.check && !found.check.ok ? found.check.message : null;
    if (refusal) el.dataset.refusal = refusal;
    else delete el.dataset.refusal;
  }, []);

  const locate = useCallback((): Targeted | null => {
    const s = session.current;
    const root = gridRef.current;
    if (!s || !root) return null;
    if (s.stale) {
      s.targets = measureTargets(root);
      s.stale = false;
    }
    s.found = findDrop(
      store.getState().dashboardLayout.present,
      s.targets,
      s.data.dragging,
      s.pointer,
      s.checks,
    );
    return s.found;
  }, [store]);

  const schedule = useCallback(() => {
    const s = session.current;
    if (!s || s.frame) return;
    s.frame = requestAnimationFrame(() => {
      s.frame = 0;
      paint(locate());
    });
  }, [locate, paint]);

  useEffect(() => {
    if (!active) return;
    const onMove = (event: PointerEvent) => {
      if (!session.current) return;
      session.current.pointer = { x: event.clientX, y: event.clientY };
      schedule();
    };
    const onScroll = () => {
      if (!session.current) return;
      session.current.stale = true;
      schedule();
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    // Measure once the drag has rendered (the top-level tabs drop strip may have appeared).
    schedule();
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [active, schedule]);

  const endSession = () => {
    const s = session.current;
    if (s?.frame) cancelAnimationFrame(s.frame);
    session.current = null;
    paint(null);
    setActive(null);
  };

  const onDragStart = (event: DragStartEvent) => {
    const data = dragDataOf(event.active.data.current);
    if (!data) return;
    session.current = {
      data,
      pointer: pointerOf(event.activatorEvent),
      targets: [],
      stale: true,
      frame: 0,
      found: null,
      checks: dropChecks(data.dragging),
    };
    setActive(data);
  };

  // `found` was judged against the present layout on release by the same rules the indicator
  // showed, so what was painted forbidden is refused here.
  const drop = (data: DragData, found: Targeted) => {
    const { check } = found;
    const destination = found.resolution.destination;
    if (!check || !destination) return;
    if (!check.ok) {
      if (check.message) addWarningToast(check.message);
      return;
    }
    if (data.dragging.id) {
      const before = store.getState();
      dispatch(moveComponent(data.dragging.id, destination));
      if (movedAcrossFilterScopes(before, store.getState(), data.dragging.id)) {
        addWarningToast(CHART_MOVED_SCOPE_MESSAGE);
      }
      return;
    }
    if (data.dragging.type === 'CHART') {
      if (!data.chart || !hasChartDefinition(data.chart)) {
        addWarningToast(NO_CHART_DEFINITION_MESSAGE);
        return;
      }
      dispatch(createComponent(data.dragging, destination));
      void dispatch(registerAddedChart(data.chart));
      return;
    }
    dispatch(createComponent(data.dragging, destination));
  };

  const onDragEnd = (_event: DragEndEvent) => {
    const s = session.current;
    const found = s ? (locate() ?? s.found) : null;
    const data = s?.data;
    endSession();
    if (data && found) drop(data, found);
  };

  const draggingTabs = active?.dragging.type === 'TABS' && !topTabsId;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={NO_COLLISIONS}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={endSession}
    >
      <style>{EDITOR_CSS}</style>
      <div
        ref={gridRef}
        className="dashboard-editor"
        data-testid="editable-grid"
        data-dragging={active ? 'true' : 'false'}
      >
        <Flex gap={8} className="dashboard-edit-toolbar" data-testid="edit-toolbar">
          <Tooltip title="Undo">
            <Button
              size="small"
              icon={<UndoOutlined />}
              disabled={!undoable}
              onClick={() => dispatch(undo())}
              data-testid="dashboard-undo"
              aria-label="Undo"
            />
          </Tooltip>
          <Tooltip title="Redo">
            <Button
              size="small"
              icon={<RedoOutlined />}
              disabled={!redoable}
              onClick={() => dispatch(redo())}
              data-testid="dashboard-redo"
              aria-label="Redo"
            />
          </Tooltip>
        </Flex>
        {draggingTabs && (
          <div
            data-layout-id={ROOT_ID}
            className="dashboard-edit-root-drop"
            data-testid="top-level-tabs-drop"
          >
            Drop here to make these tabs the top level of the dashboard
          </div>
        )}
        {topTabsId ? (
          <TopLevelTabs tabsId={topTabsId} />
        ) : (
          rootChildren?.includes(GRID_ID) && (
            <EditableContainer id={GRID_ID} testId="editable-grid-content" />
          )
        )}
      </div>
      <div
        ref={indicatorRef}
        className="dashboard-drop-indicator"
        data-testid="drop-indicator"
        style={{ display: 'none' }}
      />
      <DragOverlay dropAnimation={null}>
        {active && (
          <div className="dashboard-drag-ghost" data-testid="drag-ghost">
            {active.label}
          </div>
        )}
      </DragOverlay>
      {paneHost ? createPortal(<BuilderPaneContent />, paneHost) : null}
      <OverwriteConfirmModal />
    </DndContext>
  );
}
