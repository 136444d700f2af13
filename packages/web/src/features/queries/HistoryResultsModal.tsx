import { Flex, Skeleton } from 'antd';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { useToasts } from '../../app/useToasts.ts';
import { arrowGridData } from '../../components/DataGrid/arrowData.ts';
import { DataGrid } from '../../components/DataGrid/DataGrid.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Modal } from '../../components/Modal.tsx';
import { queryHistoryApi } from './queryHistoryApi.ts';

/** The stored rows of a past run, in the grid; gone results say so (re-run the query). */
export function HistoryResultsModal({
  queryId,
  onClose,
}: {
  queryId: number;
  onClose: () => void;
}) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const rows = useApiQuery(
    async (signal) => {
      const item = await queryHistoryApi.get(queryId, signal);
      const key = item.result.results_key;
      if (!key) throw new Error('This run kept no results. Run the query again to see its rows.');
      const answer = await queryHistoryApi.results(key, signal);
      return arrowGridData(answer.table, answer.columns);
    },
    [queryId],
  );

  return (
    <Modal
      open
      title="Query results"
      width={1000}
      footer={null}
      onCancel={onClose}
      data-testid="history-results-modal"
    >
      <Flex vertical style={{ height: 480 }}>
        {rows.error ? (
          <ErrorAlert error={rows.error} title="Failed at retrieving results" />
        ) : rows.loading || !rows.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <DataGrid
            data={rows.data}
            testId="history-results-grid"
            onCopied={addSuccessToast}
            onCopyFailed={addDangerToast}
            emptyText="The query returned no data"
          />
        )}
      </Flex>
    </Modal>
  );
}
