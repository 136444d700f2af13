import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { isActiveQueryState } from '@tessera/shared/api/sqllab';
import { Button, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import { useToasts } from '../../../../app/useToasts.ts';
import { copyToClipboard } from '../../../../components/DataGrid/copy.ts';
import { useSqlLabDispatch, useSqlLabSelector } from '../../state/hooks.ts';
import { selectActiveEditorId, selectEditorQueries } from '../../state/selectors.ts';
import {
  activeSouthPaneTabSet,
  queryEditorPatched,
  queryEditorSetSql,
} from '../../state/sqlLabSlice.ts';
import { removeQuery } from '../../state/thunks/queries.ts';
import { cloneQueryToNewTab } from '../../state/thunks/tabs.ts';
import type { Query } from '../../state/types.ts';
import { formatDuration } from './duration.ts';
import { useElapsed } from './QueryProgress.tsx';
import { QueryStateTag } from './QueryStateTag.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
const countFormat = new Intl.NumberFormat('en-US');

function Duration({ query }: { query: Query }) {
  const elapsed = useElapsed(query);
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDuration(elapsed)}</span>;
}

/**
 * The active tab's runs, newest first: state, start, duration, rows and SQL; a run can be put
 * back in the editor, cloned into a new tab, or its results opened in the Results pane.
 */
export function QueryHistoryTab() {
  const dispatch = useSqlLabDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const editorId = useSqlLabSelector(selectActiveEditorId);
  const queries = useSqlLabSelector((root) => selectEditorQueries(root, editorId));

  if (queries.length === 0) {
    return (
      <Flex align="center" justify="center" style={{ height: '100%', minHeight: 120 }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No queries run in this tab yet"
          data-testid="sqllab-history-empty"
        />
      </Flex>
    );
  }

  const openResults = (query: Query) => {
    if (!editorId) return;
    dispatch(queryEditorPatched(editorId, { latestQueryId: query.id }));
    dispatch(activeSouthPaneTabSet('Results'));
  };

  return (
    <div style={{ height: '100%', overflow: 'auto', padding: '0 12px' }}>
      <Table<Query>
        size="small"
        rowKey="id"
        dataSource={queries}
        pagination={false}
        sticky
        data-testid="sqllab-history"
        onRow={() => ({ 'data-testid': 'sqllab-history-row' }) as never}
        columns={[
          {
            title: 'State',
            dataIndex: 'state',
            width: 120,
            render: (state: string) => <QueryStateTag state={state} />,
          },
          {
            title: 'Started',
            dataIndex: 'startDttm',
            width: 170,
            render: (value: number) => (
              <span style={{ whiteSpace: 'nowrap' }}>{timeFormat.format(new Date(value))}</span>
            ),
          },
          {
            title: 'Duration',
            width: 100,
            align: 'right',
            render: (_: unknown, query) => <Duration query={query} />,
          },
          {
            title: 'Rows',
            dataIndex: 'rows',
            width: 90,
            align: 'right',
            render: (rows: number | null) => (rows === null ? '–' : countFormat.format(rows)),
          },
          {
            title: 'SQL',
            dataIndex: 'sql',
            ellipsis: { showTitle: false },
            render: (sql: string, query) => (
              <>
                <Tooltip
                  title={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{sql}</pre>}
                  placement="topLeft"
                >
                  <Typography.Text code style={{ fontSize: 12 }} data-testid="sqllab-history-sql">
                    {sql.replace(/\s+/g, ' ')}
                  </Typography.Text>
                </Tooltip>
                {query.errorMessage && (
                  <Typography.Text
                    type="danger"
                    style={{ display: 'block', fontSize: 12 }}
                    ellipsis={{ tooltip: query.errorMessage }}
                    data-testid="sqllab-history-error"
                  >
                    {query.errorMessage}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 170,
            align: 'right',
            render: (_: unknown, query) => (
              <Flex gap={0} justify="flex-end">
                <Tooltip title="Open results">
                  <Button
                    type="text"
                    size="small"
                    icon={<EyeOutlined />}
                    disabled={query.state !== 'success'}
                    onClick={() => openResults(query)}
                    aria-label="Open results"
                    data-testid="sqllab-history-open-results"
                  />
                </Tooltip>
                <Tooltip title="Put this SQL back in the editor">
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => editorId && dispatch(queryEditorSetSql(editorId, query.sql))}
                    aria-label="Edit in the editor"
                    data-testid="sqllab-history-edit"
                  />
                </Tooltip>
                <Tooltip title="Open in a new tab">
                  <Button
                    type="text"
                    size="small"
                    icon={<PlusSquareOutlined />}
                    onClick={() => dispatch(cloneQueryToNewTab(query))}
                    aria-label="Open in a new tab"
                    data-testid="sqllab-history-clone"
                  />
                </Tooltip>
                <Tooltip title="Copy the SQL">
                  <Button
                    type="text"
                    size="small"
                    icon={<CopyOutlined />}
                    onClick={() =>
                      copyToClipboard(query.sql).then(
                        () => addSuccessToast('Copied the SQL to the clipboard'),
                        (error: Error) => addDangerToast(error.message),
                      )
                    }
                    aria-label="Copy the SQL"
                    data-testid="sqllab-history-copy"
                  />
                </Tooltip>
                <Tooltip title="Remove from the history">
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={isActiveQueryState(query.state)}
                    onClick={() => void dispatch(removeQuery(query))}
                    aria-label="Remove from the history"
                    data-testid="sqllab-history-remove"
                  />
                </Tooltip>
              </Flex>
            ),
          },
        ]}
      />
    </div>
  );
}
