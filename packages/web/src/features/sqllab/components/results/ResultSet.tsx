import {
  BarChartOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileTextOutlined,
  ReloadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { isActiveQueryState } from '@tessera/shared/api/sqllab';
import { hasPermission } from '@tessera/shared/permissions';
import { Alert, Button, Dropdown, Empty, Flex, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../../../app/store.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { DataGrid, formatRowCount } from '../../../../components/DataGrid/DataGrid.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { useSqlLabDispatch, useSqlLabSelector } from '../../state/hooks.ts';
import { selectSettings } from '../../state/selectors.ts';
import { queryResultsRestored } from '../../state/sqlLabSlice.ts';
import { clearQueryResults } from '../../state/thunks/queries.ts';
import type { Query } from '../../state/types.ts';
import { CreateDatasetModal } from './CreateDatasetModal.tsx';
import { limitNotice } from './limitNotice.ts';
import { QueryErrorView } from './QueryErrorView.tsx';
import { ElapsedTime, QueryProgress } from './QueryProgress.tsx';
import { QueryStateTag } from './QueryStateTag.tsx';
import { exportUrl } from './resultsApi.ts';
import { forgetArrowResults, useResultData } from './useResultData.ts';

export const QUERY_STOPPED_TEXT = 'Query was stopped.';
/** Where created datasets are listed. */
const DATASETS_PATH = '/tablemodelview/list/';

function CenteredEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <Flex align="center" justify="center" style={{ height: '100%', minHeight: 120 }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid={testId} />
    </Flex>
  );
}

/**
 * A run's result: progress while it runs, its error, "stopped", or the rows in the virtualized
 * grid with the row count, the limit notice, downloads, copy and "Create dataset / Explore".
 */
export function ResultSet({ query }: { query: Query | null }) {
  const dispatch = useSqlLabDispatch();
  const settings = useSqlLabSelector(selectSettings);
  const user = useAppSelector((state) => state.session.user);
  const { addSuccessToast, addDangerToast } = useToasts();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  const navigate = useNavigate();
  const result = useResultData(query, settings.resultTimeout);

  if (!query) {
    return (
      <CenteredEmpty
        text="Run a query to see its results here (Ctrl+Enter)"
        testId="sqllab-results-empty"
      />
    );
  }

  const active = isActiveQueryState(query.state);
  const canDownload = hasPermission(user, 'can_export_csv', 'SQLLab');
  const canCreateDataset = hasPermission(user, 'can_write', 'Dataset');
  const success = query.state === 'success';
  const rows = query.rows ?? result.data?.numRows ?? 0;
  const notice = success
    ? limitNotice(query, {
        defaultQueryLimit: settings.defaultQueryLimit,
        displayLimitReached: result.displayLimitReached,
        shownRows: result.data?.numRows,
      })
    : null;
  const columns = result.columns;

  const statusBar = (
    <Flex
      align="center"
      gap={10}
      wrap
      style={{ padding: '6px 0', minHeight: 40 }}
      data-testid="sqllab-query-status"
    >
      <QueryStateTag state={query.state} />
      {/* While it runs, the time ticks beside the progress bar instead. */}
      {!active && <ElapsedTime query={query} />}
      {success && (
        <Tooltip title={notice ? `${formatRowCount(rows)} returned. ${notice}` : undefined}>
          <Typography.Text strong style={{ fontSize: 12 }} data-testid="sqllab-row-count">
            {notice && <WarningOutlined style={{ color: 'var(--ant-color-warning, #faad14)' }} />}{' '}
            {formatRowCount(rows)}
          </Typography.Text>
        </Tooltip>
      )}
      {notice && (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12 }}
          data-testid="sqllab-limit-notice"
        >
          {notice}
        </Typography.Text>
      )}
    </Flex>
  );

  const actions = success && (
    <>
      {canDownload && (
        <Dropdown
          menu={{
            items: [
              {
                key: 'csv',
                icon: <FileTextOutlined />,
                label: (
                  <a href={exportUrl(query.id, 'csv')} download data-testid="sqllab-download-csv">
                    Download as CSV ({formatRowCount(rows)})
                  </a>
                ),
              },
              {
                key: 'xlsx',
                icon: <FileExcelOutlined />,
                label: (
                  <a href={exportUrl(query.id, 'xlsx')} download data-testid="sqllab-download-xlsx">
                    Download as Excel ({formatRowCount(rows)})
                  </a>
                ),
              },
            ],
          }}
        >
          <Button size="small" icon={<DownloadOutlined />} data-testid="sqllab-download">
            Download
          </Button>
        </Dropdown>
      )}
      {canCreateDataset && !query.isDataPreview && columns.length > 0 && (
        <Button
          size="small"
          icon={<BarChartOutlined />}
          onClick={() => setCreating(true)}
          data-testid="sqllab-create-dataset"
        >
          Create dataset / Explore
        </Button>
      )}
      {query.resultsKey && (
        <Tooltip title="Fetch the results again">
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            onClick={result.reload}
            aria-label="Fetch the results again"
            data-testid="sqllab-refetch-results"
          />
        </Tooltip>
      )}
      {(query.results || result.source === 'arrow') && (
        <Tooltip title="Clear the results">
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            onClick={() => {
              forgetArrowResults(query.resultsKey);
              dispatch(clearQueryResults(query.id));
            }}
            aria-label="Clear the results"
            data-testid="sqllab-clear-results"
          />
        </Tooltip>
      )}
    </>
  );

  let body: React.ReactNode;
  if (active) {
    body = <QueryProgress query={query} />;
  } else if (query.state === 'failed' || query.state === 'timed_out') {
    body = <QueryErrorView query={query} />;
  } else if (query.state === 'stopped') {
    body = (
      <Alert
        type="warning"
        showIcon
        title={QUERY_STOPPED_TEXT}
        style={{ margin: '4px 0' }}
        data-testid="sqllab-query-stopped"
      />
    );
  } else if (success && query.ctas && query.tempTable) {
    body = (
      <Alert
        type="info"
        showIcon
        style={{ margin: '4px 0' }}
        data-testid="sqllab-ctas-created"
        title={`${query.ctas_method === 'VIEW' ? 'View' : 'Table'} ${query.tempSchema ? `${query.tempSchema}.` : ''}${query.tempTable} was created`}
      />
    );
  } else if (success && query.cached && !query.results) {
    body = (
      <Flex vertical align="center" justify="center" gap={8} style={{ minHeight: 120 }}>
        <Typography.Text type="secondary" data-testid="sqllab-results-cleared">
          The results were cleared.
        </Typography.Text>
        {query.resultsKey && (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => dispatch(queryResultsRestored(query.id))}
            data-testid="sqllab-refetch-cleared"
          >
            {query.isDataPreview ? 'Fetch data preview' : 'Refetch results'}
          </Button>
        )}
      </Flex>
    );
  } else if (result.error) {
    body = (
      <ErrorAlert
        error={result.error}
        title="Failed at retrieving results"
        onRetry={result.reload}
        testId="sqllab-results-error"
      />
    );
  } else if (result.data) {
    body = (
      <DataGrid
        data={result.data}
        testId="sqllab-results-grid"
        toolbar={actions}
        onCopied={(text) => addSuccessToast(text)}
        onCopyFailed={(message) => addDangerToast(message)}
        emptyText="The query returned no data"
      />
    );
  } else if (result.loading) {
    body = (
      <Flex align="center" justify="center" gap={10} style={{ height: '100%', minHeight: 120 }}>
        <Spin />
        <Typography.Text type="secondary">Loading rows…</Typography.Text>
      </Flex>
    );
  } else {
    body = <CenteredEmpty text="No results to show" testId="sqllab-results-none" />;
  }

  return (
    <Flex
      vertical
      style={{ height: '100%', minHeight: 0, padding: '0 12px 10px' }}
      data-testid="sqllab-results"
      data-source={result.source ?? undefined}
    >
      {statusBar}
      {created && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setCreated(null)}
          style={{ marginBottom: 8 }}
          data-testid="sqllab-dataset-created"
          title={
            <span>
              Dataset <strong>{created.name}</strong> was created.{' '}
              <Link to={DATASETS_PATH}>Open the datasets list</Link>
            </span>
          }
        />
      )}
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{body}</div>
      {creating && (
        <CreateDatasetModal
          query={query}
          columns={columns}
          onClose={() => setCreating(false)}
          onCreated={(dataset) => {
            setCreating(false);
            setCreated(dataset);
            addSuccessToast(`Dataset ${dataset.name} was created`);
            // "Save & explore": Explore opens on the new dataset.
            navigate(`/explore/?datasource_type=table&datasource_id=${dataset.id}`);
          }}
        />
      )}
    </Flex>
  );
}
