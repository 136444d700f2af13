import { Alert, Modal, Spin, Table } from 'antd';
import type { QueryCostEstimate } from '../../state/types.ts';

/** The cost estimate of the tab's query: loading (started), a table (returned), or the error. */
export function EstimateModal({
  open,
  estimate,
  onClose,
}: {
  open: boolean;
  estimate: QueryCostEstimate | null;
  onClose(): void;
}) {
  const rows = estimate?.cost ?? [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].map((key) => ({
    title: key,
    dataIndex: key,
    key,
  }));
  return (
    <Modal
      open={open}
      title="Estimated cost"
      footer={null}
      onCancel={onClose}
      width={720}
      data-testid="estimate-modal"
    >
      {estimate?.error ? (
        <Alert type="error" showIcon message={estimate.error} data-testid="estimate-error" />
      ) : estimate?.completed ? (
        <Table
          size="small"
          pagination={false}
          columns={columns}
          dataSource={rows.map((row, index) => ({ ...row, key: index }))}
          data-testid="estimate-table"
          scroll={{ x: true }}
        />
      ) : (
        <Spin tip="Estimating…" data-testid="estimate-loading">
          <div style={{ height: 80 }} />
        </Spin>
      )}
    </Modal>
  );
}
