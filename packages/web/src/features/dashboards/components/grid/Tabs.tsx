import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { DEFAULT_TAB_TITLE } from '@tessera/shared/dashboard/position';
import { Tabs as AntTabs } from 'antd';
import type { ReactNode } from 'react';

/**
 * A TABS component and its TAB children. Only the selected tab's content is mounted, so charts
 * in other tabs neither query nor draw until their tab opens.
 */
export function Tabs({
  component,
  tabs,
  selected,
  onSelect,
  renderTab,
  hideTabBar = false,
  topLevel = false,
}: {
  component: LayoutItem;
  tabs: LayoutItem[];
  selected: string | undefined;
  onSelect: (tabId: string) => void;
  renderTab: (tab: LayoutItem) => ReactNode;
  hideTabBar?: boolean;
  topLevel?: boolean;
}) {
  return (
    <div
      data-testid={topLevel ? 'dashboard-top-tabs' : 'dashboard-tabs'}
      data-component-id={component.id}
      style={{ width: '100%', padding: topLevel ? 0 : '0 8px' }}
    >
      <AntTabs
        activeKey={selected}
        onChange={onSelect}
        destroyOnHidden
        renderTabBar={hideTabBar ? () => <></> : undefined}
        items={tabs.map((tab) => ({
          key: tab.id,
          label: (
            <span data-testid="dashboard-tab" data-tab-id={tab.id}>
              {tab.meta.text || DEFAULT_TAB_TITLE}
            </span>
          ),
          children: tab.id === selected ? renderTab(tab) : null,
        }))}
      />
    </div>
  );
}
