import { CloseOutlined, TableOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useSqlLabDispatch, useSqlLabSelector } from '../../state/hooks.ts';
import {
  selectActiveEditorTables,
  selectActiveSouthPaneTab,
  selectDataPreviewQueries,
  selectLatestQuery,
  selectQueries,
} from '../../state/selectors.ts';
import { activeSouthPaneTabSet, queryRemoved, tableMerged } from '../../state/sqlLabSlice.ts';
import { restoreTablePreviews } from '../../state/thunks/queries.ts';
import { QueryHistoryTab } from '../results/QueryHistoryTab.tsx';
import { ResultSet } from '../results/ResultSet.tsx';

/**
 * The south pane of a tab: the latest run's results, the tab's query history, and one tab per
 * data preview of the left bar's tables. The panes themselves live in `components/results/`;
 * a run restored after a reload (results key, no rows) is loaded by ResultSet.
 */
export function SouthPane() {
  const dispatch = useSqlLabDispatch();
  const latest = useSqlLabSelector(selectLatestQuery);
  const previews = useSqlLabSelector(selectDataPreviewQueries);
  const activeTab = useSqlLabSelector(selectActiveSouthPaneTab);
  const tables = useSqlLabSelector(selectActiveEditorTables);
  const queries = useSqlLabSelector(selectQueries);

  // A table whose preview run is not in the workspace (after a reload) gets its preview back.
  const lost = tables.filter((t) => t.dataPreviewQueryId && !queries[t.dataPreviewQueryId]);
  const lostKey = lost.map((table) => table.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per set of lost previews
  useEffect(() => {
    if (lost.length > 0) void dispatch(restoreTablePreviews(lost));
  }, [dispatch, lostKey]);

  const previewItems = previews.map(({ table, query }) => ({
    key: query.id,
    label: (
      <span data-testid="sqllab-preview-tab">
        <TableOutlined /> {table.name}
        <CloseOutlined
          style={{ marginLeft: 6, fontSize: 10 }}
          aria-label={`Close preview of ${table.name}`}
          onClick={(event) => {
            event.stopPropagation();
            dispatch(tableMerged({ id: table.id, patch: { dataPreviewQueryId: null } }));
            dispatch(queryRemoved(query.id));
            if (activeTab === query.id) dispatch(activeSouthPaneTabSet('Results'));
          }}
        />
      </span>
    ),
    children: <ResultSet query={query} />,
  }));
  const keys = new Set(['Results', 'History', ...previewItems.map((item) => item.key)]);

  return (
    <Tabs
      className="sqllab-south-tabs"
      data-testid="sqllab-south-pane"
      size="small"
      activeKey={keys.has(activeTab) ? activeTab : 'Results'}
      onChange={(key) => dispatch(activeSouthPaneTabSet(key))}
      tabBarStyle={{ margin: 0, paddingInline: 12 }}
      style={{ height: '100%' }}
      items={[
        {
          key: 'Results',
          label: <span data-testid="sqllab-tab-results">Results</span>,
          children: <ResultSet query={latest} />,
        },
        {
          key: 'History',
          label: <span data-testid="sqllab-tab-history">Query history</span>,
          children: <QueryHistoryTab />,
        },
        ...previewItems,
      ]}
    />
  );
}
