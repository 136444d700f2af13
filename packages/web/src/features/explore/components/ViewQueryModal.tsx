import { CopyOutlined } from '@ant-design/icons';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { Button, Flex, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { copyToClipboard } from '../../../components/DataGrid/index.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { exploreApi } from '../exploreApi.ts';
import { buildExportQuery } from '../exportChart.ts';

/** The SQL the chart runs (`result_type: query`), one block per query, each with a copy button. */
export function ViewQueryModal({
  formData,
  onClose,
}: {
  formData: QueryFormData;
  onClose: () => void;
}) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const calls = useMemo(() => exploreApi(api), []);
  const query = useApiQuery(
    async (signal) => {
      const context = buildExportQuery(formData, { result_type: 'query' });
      const answer = await calls.chartData(context, { signal });
      return answer.result.map((part) => String(part.query ?? ''));
    },
    [formData],
  );

  const copy = async (sql: string) => {
    try {
      await copyToClipboard(sql);
      addSuccessToast('Copied to clipboard!');
    } catch {
      addDangerToast('Sorry, your browser does not support copying.');
    }
  };

  return (
    <Modal
      open
      title="View query"
      width={800}
      footer={null}
      onCancel={onClose}
      data-testid="view-query-modal"
    >
      {query.error && <ErrorAlert error={query.error} testId="view-query-error" />}
      {query.loading && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      )}
      {query.data?.map((sql) => (
        <div key={sql} style={{ position: 'relative', marginBottom: 12 }}>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => copy(sql)}
            style={{ position: 'absolute', right: 8, top: 8 }}
            data-testid="view-query-copy"
          >
            Copy
          </Button>
          <Typography.Paragraph>
            <pre
              style={{
                maxHeight: '60vh',
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                paddingRight: 80,
              }}
              data-testid="view-query-sql"
            >
              {sql}
            </pre>
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
