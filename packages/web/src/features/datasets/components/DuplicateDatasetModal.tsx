import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { toClientErrorObject } from '../../../app/api.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { datasetApi } from '../datasetApi.ts';

export interface DuplicateDatasetModalProps {
  dataset: { id: number; table_name: string };
  onClose: () => void;
  onDuplicated: (id: number) => void;
}

/** Copy a virtual dataset (its SQL, columns and metrics) under a new name. */
export function DuplicateDatasetModal({
  dataset,
  onClose,
  onDuplicated,
}: DuplicateDatasetModalProps) {
  const [form] = Form.useForm<{ table_name: string }>();
  const { addSuccessToast } = useToasts();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);

  const submit = async () => {
    let values: { table_name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await datasetApi.duplicate(dataset.id, values.table_name.trim());
      addSuccessToast(`Duplicated ${dataset.table_name} as ${values.table_name.trim()}`);
      onDuplicated(answer.id);
    } catch (failure) {
      setError(toClientErrorObject(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Duplicate dataset"
      onCancel={onClose}
      onOk={submit}
      okText="Duplicate"
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'duplicate-submit' }}
      width={480}
      data-testid="duplicate-modal"
    >
      <Typography.Paragraph type="secondary">
        The copy gets the SQL, columns and metrics of <strong>{dataset.table_name}</strong>. Charts
        stay on the original.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ table_name: `${dataset.table_name} (copy)` }}
        onFinish={submit}
      >
        <Form.Item
          name="table_name"
          label="New dataset name"
          rules={[{ required: true, whitespace: true, message: 'The new dataset needs a name' }]}
        >
          <Input autoFocus data-testid="duplicate-name" autoComplete="off" />
        </Form.Item>
      </Form>
      {error && <ErrorAlert error={error} testId="duplicate-error" />}
    </Modal>
  );
}
