import { HolderOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { Tabs as AntTabs, Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useDashboardDispatch, useDashboardSelector } from '../state/hooks.ts';
import { createComponent, deleteComponent } from '../state/layoutSlice.ts';
import type { DragData } from './dragData.ts';
import { EditableContainer } from './EditableComponent.tsx';
import { EditableTabTitle } from './EditableText.tsx';
import { labelOf } from './EditorChrome.tsx';

/**
 * A TABS component in edit mode: add a tab (+), delete one (x, after Superset's question; the
 * last one takes the tabs with it), rename by double-clicking the title, reorder or move a tab by
 * its handle, and drop components into the open tab.
 */

export const DELETE_TAB_TITLE = 'Delete dashboard tab?';
export const DELETE_TAB_TEXT_BEFORE_UNDO =
  'Deleting a tab will remove all content within it and will deactivate any related alerts or reports. You may still reverse this action with the';
export const DELETE_TAB_TEXT_AFTER_UNDO = 'button (cmd + z) until you save your changes.';

function TabLabel({ tabId }: { tabId: string }) {
  const tab = useDashboardSelector((s) => s.dashboardLayout.present[tabId]);
  const data: DragData | undefined = tab
    ? { dragging: { id: tab.id, type: 'TAB' }, label: labelOf(tab) }
    : undefined;
  const { setNodeRef, attributes, listeners } = useDraggable({ id: tabId, data });
  if (!tab) return null;
  return (
    <span
      ref={setNodeRef}
      data-layout-id={tabId}
      data-layout-role="tab-label"
      data-testid="editable-tab"
      data-tab-id={tabId}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <button
        type="button"
        className="dashboard-edit-tool dashboard-tab-handle"
        data-testid="tab-drag-handle"
        aria-label={`Move tab ${labelOf(tab)}`}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <EditableTabTitle item={tab} />
    </span>
  );
}

export function EditableTabs({
  item,
  parentColumns,
  topLevel,
}: {
  item: LayoutItem;
  parentColumns: number;
  topLevel: boolean;
}) {
  const dispatch = useDashboardDispatch();
  const [active, setActive] = useState<string | undefined>(item.children[0]);
  const selected = active && item.children.includes(active) ? active : item.children[0];

  // A tab added (or dropped in) at the end opens.
  const count = useRef(item.children.length);
  useEffect(() => {
    if (item.children.length > count.current) setActive(item.children.at(-1));
    count.current = item.children.length;
  }, [item.children]);

  // Superset asks before every tab delete, an empty tab included; undo brings a deleted one back.
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const confirmDelete = () => {
    const tabId = pendingDelete;
    setPendingDelete(null);
    if (!tabId) return;
    const index = item.children.indexOf(tabId);
    if (tabId === selected) setActive(item.children[index - 1] ?? item.children[index + 1]);
    dispatch(deleteComponent(tabId));
  };

  const addTab = () =>
    dispatch(
      createComponent(
        { id: null, type: 'TAB' },
        { parentId: item.id, index: item.children.length },
      ),
    );

  return (
    <div
      data-testid={topLevel ? 'editable-top-tabs' : 'editable-tabs'}
      data-component-id={item.id}
      style={{ width: '100%' }}
    >
      <AntTabs
        type="editable-card"
        size="small"
        activeKey={selected}
        onChange={setActive}
        addIcon={<span data-testid="add-tab">+</span>}
        onEdit={(key, action) => {
          if (action === 'add') addTab();
          else if (typeof key === 'string') setPendingDelete(key);
        }}
        items={item.children.map((tabId) => ({
          key: tabId,
          label: <TabLabel tabId={tabId} />,
          closeIcon: (
            <span data-testid="delete-tab" data-tab-id={tabId}>
              ×
            </span>
          ),
          children:
            tabId === selected ? (
              <EditableContainer
                id={tabId}
                parentColumns={parentColumns}
                testId="editable-tab-content"
              />
            ) : null,
        }))}
      />
      <Modal
        open={pendingDelete !== null}
        centered
        title={DELETE_TAB_TITLE}
        onCancel={() => setPendingDelete(null)}
        destroyOnHidden
        footer={[
          <Button
            key="cancel"
            data-testid="delete-tab-cancel"
            onClick={() => setPendingDelete(null)}
          >
            Cancel
          </Button>,
          <Button
            key="delete"
            type="primary"
            danger
            data-testid="delete-tab-confirm"
            onClick={confirmDelete}
          >
            DELETE
          </Button>,
        ]}
      >
        <span data-testid="delete-tab-text">
          {DELETE_TAB_TEXT_BEFORE_UNDO} <b>undo</b> {DELETE_TAB_TEXT_AFTER_UNDO}
        </span>
      </Modal>
    </div>
  );
}
