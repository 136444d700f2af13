import type { QueryFormData } from '@tessera/shared/viz/types';
import { Button, Flex, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { DataGrid, formatRowCount } from '../../../components/DataGrid/index.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import type { ChartFilterClause } from '../../../viz/types.ts';
import { DRILL_COUNT_LABEL, DRILL_PAGE_SIZE, drillDetailContext } from '../drill.ts';
import { exploreApi } from '../exploreApi.ts';
import { resultGrid } from './DataPane.tsx';

/** The raw rows behind the chart (or behind one clicked point), a page at a time. */
export function DrillDetailModal({
  formData,
  filters,
  onClose,
}: {
  formData: QueryFormData;
  filters: ChartFilterClause[];
  onClose: () => void;
}) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [page, setPage] = useState(0);
  const calls = useMemo(() => exploreApi(api), []);
  const answer = useApiQuery(
    async (signal) =>
      (await calls.chartData(drillDetailContext(formData, filters, page), { signal })).result,
    [formData, filters, page],
  );
  const rows = answer.data?.[0];
  const total = Number(
    (answer.data?.[1]?.data?.[0] as Record<string, unknown> | undefined)?.[DRILL_COUNT_LABEL] ?? 0,
  );
  const pages = Math.max(1, Math.ceil(total / DRILL_PAGE_SIZE));
  const grid = useMemo(() => (rows ? resultGrid(rows) : null), [rows]);

  return (
    <Modal
      open
      title="Drill to detail"
      width={1000}
      footer={null}
      onCancel={onClose}
      data-testid="drill-detail-modal"
    >
      <Flex gap={6} wrap style={{ marginBottom: 8 }}>
        {filters.map((f) => (
          <Tag key={`${f.col}-${String(f.val)}`} data-testid="drill-detail-filter">
            {f.col}: {f.formattedVal ?? String(f.val)}
          </Tag>
        ))}
      </Flex>
      {answer.error && <ErrorAlert error={answer.error} testId="drill-detail-error" />}
      <div style={{ height: 420 }}>
        {grid && !answer.loading ? (
          <DataGrid
            data={grid}
            testId="drill-detail-grid"
            onCopied={(text) => addSuccessToast(text)}
            onCopyFailed={(message) => addDangerToast(message)}
            style={{ height: '100%' }}
          />
        ) : (
          !answer.error && (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Spin />
            </Flex>
          )
        )}
      </div>
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" data-testid="drill-detail-count">
          {formatRowCount(total)}
        </Typography.Text>
        <Flex gap={8} align="center">
          <Button
            size="small"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            data-testid="drill-detail-prev"
          >
            Previous
          </Button>
          <Typography.Text data-testid="drill-detail-page">
            Page {page + 1} of {pages}
          </Typography.Text>
          <Button
            size="small"
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
            data-testid="drill-detail-next"
          >
            Next
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
