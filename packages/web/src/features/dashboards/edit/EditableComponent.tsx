import { GRID_COLUMN_COUNT } from '@tessera/shared/dashboard/position';
import { Typography } from 'antd';
import { memo } from 'react';
import { ChartHolder } from '../components/grid/ChartHolder.tsx';
import { Divider } from '../components/grid/Divider.tsx';
import { Dynamic } from '../components/grid/Dynamic.tsx';
import { widthPercent } from '../components/grid/Row.tsx';
import { useDashboardSelector } from '../state/hooks.ts';
import { EditableTabs } from './EditableTabs.tsx';
import { EditableHeader, EditableMarkdown } from './EditableText.tsx';
import { EditorChrome } from './EditorChrome.tsx';

/**
 * One layout component in edit mode. Each subscribes to its own entry of the layout, so a change
 * re-renders that component and its container only; the view-mode leaves (ChartHolder, Markdown,
 * ...) are memoised on their layout entry and are not drawn again while something is dragged.
 */

interface Props {
  id: string;
  /** Grid columns of the container this component sits in. */
  parentColumns: number;
  /** A child of a ROW: it takes its width in columns of the row. */
  inRow?: boolean;
}

export const EditableComponent = memo(function EditableComponent({
  id,
  parentColumns,
  inRow,
}: Props) {
  const item = useDashboardSelector((s) => s.dashboardLayout.present[id]);
  if (!item) return null;
  const ownColumns = Math.min(item.meta.width ?? parentColumns, parentColumns);
  let body: React.ReactNode;
  switch (item.type) {
    case 'ROW':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns} variant="row">
          <div className="dashboard-edit-row" data-testid="dashboard-row" data-component-id={id}>
            {item.children.map((childId) => (
              <EditableComponent key={childId} id={childId} parentColumns={parentColumns} inRow />
            ))}
            {item.children.length === 0 && <div className="dashboard-edit-empty">Empty row</div>}
          </div>
        </EditorChrome>
      );
      break;
    case 'COLUMN':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns} resizeWidth={inRow}>
          <div
            className="dashboard-edit-column"
            data-testid="dashboard-column"
            data-component-id={id}
          >
            {item.children.map((childId) => (
              <EditableComponent key={childId} id={childId} parentColumns={ownColumns} />
            ))}
            {item.children.length === 0 && <div className="dashboard-edit-empty">Empty column</div>}
          </div>
        </EditorChrome>
      );
      break;
    case 'CHART':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns} resizeWidth={inRow} resizeHeight>
          <ChartHolder component={item} />
        </EditorChrome>
      );
      break;
    case 'MARKDOWN':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns} resizeWidth={inRow} resizeHeight>
          <EditableMarkdown item={item} />
        </EditorChrome>
      );
      break;
    case 'HEADER':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns}>
          <EditableHeader item={item} />
        </EditorChrome>
      );
      break;
    case 'DIVIDER':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns}>
          <Divider component={item} />
        </EditorChrome>
      );
      break;
    case 'DYNAMIC':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns} resizeWidth={inRow}>
          <Dynamic component={item} />
        </EditorChrome>
      );
      break;
    case 'TABS':
      body = (
        <EditorChrome item={item} parentColumns={parentColumns} variant="tabs">
          <EditableTabs item={item} parentColumns={parentColumns} topLevel={false} />
        </EditorChrome>
      );
      break;
    default:
      return null;
  }
  if (!inRow) {
    return (
      <div data-layout-id={id} className="dashboard-edit-block">
        {body}
      </div>
    );
  }
  const percent = widthPercent(item.meta.width, parentColumns);
  return (
    <div
      data-layout-id={id}
      className="dashboard-edit-cell"
      style={{ flex: `0 0 ${percent}`, maxWidth: percent, minWidth: 0 }}
    >
      {body}
    </div>
  );
});

const EMPTY_HINT: Record<string, string> = {
  GRID: 'Drag and drop components and charts to the dashboard',
  TAB: 'Drag and drop components to this tab',
};

/** The GRID or a TAB's content: components stacked top to bottom, and the drop area around them. */
export const EditableContainer = memo(function EditableContainer({
  id,
  parentColumns = GRID_COLUMN_COUNT,
  testId,
}: {
  id: string;
  parentColumns?: number;
  testId: string;
}) {
  const item = useDashboardSelector((s) => s.dashboardLayout.present[id]);
  if (!item) return null;
  return (
    <div
      data-layout-id={id}
      data-testid={testId}
      data-component-id={id}
      className="dashboard-edit-container"
    >
      {item.children.map((childId) => (
        <EditableComponent key={childId} id={childId} parentColumns={parentColumns} />
      ))}
      {item.children.length === 0 && (
        <Typography.Text
          type="secondary"
          className="dashboard-edit-empty"
          data-testid="editable-empty"
        >
          {EMPTY_HINT[item.type] ?? 'Drop components here'}
        </Typography.Text>
      )}
    </div>
  );
});
