import type { DashboardLayout, LayoutItem } from '@tessera/shared/dashboard/position';
import { GRID_COLUMN_COUNT, GRID_ID, ROOT_ID } from '@tessera/shared/dashboard/position';
import { Empty } from 'antd';
import { memo, useCallback } from 'react';
import { LOG_EVENTS, logEvent } from '../../../app/eventLogger.ts';
import { selectedTab } from '../layoutPaths.ts';
import { useDashboardPage } from '../pageContext.ts';
import { activeTabSet } from '../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../state/hooks.ts';
import { ChartHolder } from './grid/ChartHolder.tsx';
import { Divider } from './grid/Divider.tsx';
import { Dynamic } from './grid/Dynamic.tsx';
import { Header } from './grid/Header.tsx';
import { Markdown } from './grid/Markdown.tsx';
import { Column, GridCell, Row } from './grid/Row.tsx';
import { Tabs } from './grid/Tabs.tsx';

/** A TABS component in view mode: the selected tab comes from the dashboard state. */
function ViewTabs({
  component,
  layout,
  parentColumns,
  topLevel,
}: {
  component: LayoutItem;
  layout: DashboardLayout;
  parentColumns: number;
  topLevel: boolean;
}) {
  const dispatch = useDashboardDispatch();
  const { url } = useDashboardPage();
  const activeTabs = useDashboardSelector((state) => state.dashboardState.activeTabs);
  const directPath = useDashboardSelector((state) => state.dashboardState.directPathToChild);
  const tabs = component.children.map((id) => layout[id]).filter((t): t is LayoutItem => !!t);
  const selected = selectedTab(
    tabs.map((t) => t.id),
    activeTabs,
    directPath,
  );
  const onSelect = useCallback(
    (tabId: string) => {
      logEvent(LOG_EVENTS.changeTab, { target_id: tabId });
      dispatch(activeTabSet({ tabId, siblings: component.children }));
    },
    [dispatch, component.children],
  );
  return (
    <Tabs
      component={component}
      tabs={tabs}
      selected={selected}
      onSelect={onSelect}
      topLevel={topLevel}
      hideTabBar={topLevel && url.hideTab}
      renderTab={(tab) => (
        <div data-testid="dashboard-tab-content" data-tab-id={tab.id}>
          {tab.children.map((id) => (
            <ViewComponent key={id} id={id} layout={layout} parentColumns={parentColumns} />
          ))}
          {tab.children.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="There are no components added to this tab"
              data-testid="dashboard-tab-empty"
            />
          )}
        </div>
      )}
    />
  );
}

/** One layout component in view mode, by type. */
const ViewComponent = memo(function ViewComponent({
  id,
  layout,
  parentColumns,
}: {
  id: string;
  layout: DashboardLayout;
  parentColumns: number;
}) {
  const component = layout[id];
  if (!component) return null;
  switch (component.type) {
    case 'ROW':
      return (
        <Row component={component}>
          {component.children.map((childId) => {
            const child = layout[childId];
            if (!child) return null;
            return (
              <GridCell key={childId} width={child.meta.width} parentColumns={parentColumns}>
                <ViewComponent
                  id={childId}
                  layout={layout}
                  parentColumns={Math.min(child.meta.width ?? parentColumns, parentColumns)}
                />
              </GridCell>
            );
          })}
        </Row>
      );
    case 'COLUMN':
      return (
        <Column component={component}>
          {component.children.map((childId) => (
            <ViewComponent
              key={childId}
              id={childId}
              layout={layout}
              parentColumns={parentColumns}
            />
          ))}
        </Column>
      );
    case 'TABS':
      return (
        <ViewTabs
          component={component}
          layout={layout}
          parentColumns={parentColumns}
          topLevel={false}
        />
      );
    case 'CHART':
      return <ChartHolder component={component} />;
    case 'MARKDOWN':
      return <Markdown component={component} />;
    case 'HEADER':
      return <Header component={component} />;
    case 'DIVIDER':
      return <Divider component={component} />;
    case 'DYNAMIC':
      return <Dynamic component={component} />;
    default:
      // GRID, TAB and ROOT appear only as containers handled above.
      return null;
  }
});

/** The dashboard's layout in view mode: top-level tabs (if any) and the grid. */
export function DashboardGrid() {
  const layout = useDashboardSelector((state) => state.dashboardLayout.present as DashboardLayout);
  const root = layout[ROOT_ID];
  if (!root) return null;
  return (
    <div data-testid="dashboard-grid" style={{ margin: '0 -8px' }}>
      {root.children.map((id) => {
        const child = layout[id];
        if (!child) return null;
        if (child.type === 'TABS') {
          return (
            <ViewTabs
              key={id}
              component={child}
              layout={layout}
              parentColumns={GRID_COLUMN_COUNT}
              topLevel
            />
          );
        }
        if (child.type === 'GRID' || id === GRID_ID) {
          return (
            <div key={id} data-component-id={id}>
              {child.children.map((gridChild) => (
                <ViewComponent
                  key={gridChild}
                  id={gridChild}
                  layout={layout}
                  parentColumns={GRID_COLUMN_COUNT}
                />
              ))}
              {child.children.length === 0 && root.children.length === 1 && (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="There are no charts added to this dashboard"
                  data-testid="dashboard-empty"
                  style={{ padding: 48 }}
                />
              )}
            </div>
          );
        }
        return <ViewComponent key={id} id={id} layout={layout} parentColumns={GRID_COLUMN_COUNT} />;
      })}
    </div>
  );
}
