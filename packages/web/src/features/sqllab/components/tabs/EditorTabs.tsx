import {
  CloseCircleFilled,
  CloseCircleOutlined,
  CopyOutlined,
  DownOutlined,
  EditOutlined,
  EllipsisOutlined,
  LoadingOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { isActiveQueryState } from '@tessera/shared/api/sqllab';
import { Button, Dropdown, Input, type MenuProps, Modal, Tabs, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

export interface TabEntry {
  id: string;
  name: string;
  /** The state of the tab's latest run, if any. */
  state?: string | null;
}

/** A tab's mark: its latest run is under way, or ended in an error. */
function RunMark({ state }: { state?: string | null }) {
  if (!state) return null;
  if (isActiveQueryState(state))
    return (
      <LoadingOutlined
        aria-label="Running"
        style={{ marginInlineEnd: 6 }}
        data-testid="sqllab-tab-running"
      />
    );
  if (state === 'failed' || state === 'timed_out')
    return (
      <CloseCircleFilled
        aria-label="Failed"
        style={{ color: 'var(--ant-color-error, #ff4d4f)', marginInlineEnd: 6 }}
        data-testid="sqllab-tab-failed"
      />
    );
  return null;
}

export interface EditorTabsProps {
  tabs: TabEntry[];
  activeId: string | null;
  leftBarHidden: boolean;
  onSelect(id: string): void;
  onAdd(): void;
  onClose(id: string): void;
  onCloseOthers(id: string): void;
  onCopy(id: string): void;
  onRename(id: string, name: string): void;
  onToggleLeftBar(): void;
  /** Next (+1) or previous (-1), wrapping. */
  onStep(step: 1 | -1): void;
}

/** Ctrl+] and Ctrl+[ switch tabs (wrapping); caught before CodeMirror's indent keys. */
function useTabShortcuts(onStep: (step: 1 | -1) => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.ctrlKey || event.altKey || event.metaKey) return;
      const step = event.key === ']' ? 1 : event.key === '[' ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      event.stopPropagation();
      onStep(step);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [onStep]);
}

/** The tab strip: add, switch, rename, copy, close, close others, hide the left bar. */
export function EditorTabs(props: EditorTabsProps) {
  const [renaming, setRenaming] = useState<TabEntry | null>(null);
  const [newName, setNewName] = useState('');
  useTabShortcuts(props.onStep);

  const menuFor = (tab: TabEntry): MenuProps => ({
    items: [
      {
        key: 'rename',
        icon: <EditOutlined />,
        label: <span data-testid="sqllab-tab-rename">Rename tab</span>,
      },
      {
        key: 'copy',
        icon: <CopyOutlined />,
        label: <span data-testid="sqllab-tab-copy">Duplicate tab</span>,
      },
      {
        key: 'leftbar',
        icon: props.leftBarHidden ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />,
        label: (
          <span data-testid="sqllab-tab-toggle-leftbar">
            {props.leftBarHidden ? 'Show schema browser' : 'Hide schema browser'}
          </span>
        ),
      },
      { type: 'divider' },
      { key: 'close', label: <span data-testid="sqllab-tab-close">Close tab</span> },
      {
        key: 'close-others',
        icon: <CloseCircleOutlined />,
        disabled: props.tabs.length < 2,
        label: <span data-testid="sqllab-tab-close-others">Close other tabs</span>,
      },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'rename') {
        setNewName(tab.name);
        setRenaming(tab);
      } else if (key === 'copy') props.onCopy(tab.id);
      else if (key === 'leftbar') props.onToggleLeftBar();
      else if (key === 'close') props.onClose(tab.id);
      else if (key === 'close-others') props.onCloseOthers(tab.id);
    },
  });

  const active = props.tabs.find((tab) => tab.id === props.activeId);
  const items = props.tabs.map((tab, index) => ({
    key: tab.id,
    label: (
      <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
        <span
          data-testid="sqllab-tab"
          data-tab-id={tab.id}
          data-tab-index={index}
          data-active={tab.id === props.activeId ? 'true' : 'false'}
          data-state={tab.state ?? undefined}
        >
          <RunMark state={tab.state} />
          {tab.name}
        </span>
      </Dropdown>
    ),
    closable: props.tabs.length > 1,
  }));

  const submitRename = () => {
    const name = newName.trim();
    if (renaming && name) props.onRename(renaming.id, name);
    setRenaming(null);
  };

  return (
    <>
      <Tabs
        type="editable-card"
        size="small"
        data-testid="sqllab-tabs"
        activeKey={props.activeId ?? undefined}
        items={items}
        onChange={props.onSelect}
        // The overflow list of tabs, told apart from the tab actions' "⋯".
        more={{ icon: <DownOutlined aria-label="More tabs" data-testid="sqllab-tab-more" /> }}
        onEdit={(key, action) => {
          if (action === 'add') props.onAdd();
          else if (typeof key === 'string') props.onClose(key);
        }}
        addIcon={
          <Tooltip title="New tab">
            <span data-testid="sqllab-tab-add">+</span>
          </Tooltip>
        }
        tabBarExtraContent={
          active ? (
            <Dropdown menu={menuFor(active)} trigger={['click']}>
              <Button
                type="text"
                icon={<EllipsisOutlined />}
                aria-label="Tab actions"
                data-testid="sqllab-tab-menu"
              />
            </Dropdown>
          ) : null
        }
        tabBarStyle={{ margin: 0, paddingInline: 8 }}
      />
      <Modal
        open={renaming !== null}
        title="Rename tab"
        okText="Rename"
        onOk={submitRename}
        onCancel={() => setRenaming(null)}
        okButtonProps={{ disabled: !newName.trim() }}
        destroyOnHidden
      >
        <Input
          value={newName}
          autoFocus
          maxLength={256}
          onChange={(event) => setNewName(event.target.value)}
          onPressEnter={submitRename}
          data-testid="sqllab-tab-rename-input"
        />
      </Modal>
    </>
  );
}
