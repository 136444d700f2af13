import type { DatasetColumnInput } from '@tessera/shared/api/datasets';
import { CREATE_DATASOURCE_FAILED_TOAST } from '@tessera/shared/api/datasets';
import type { ResultColumnSchema } from '@tessera/shared/api/sqllab';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../../app/api.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { Modal } from '../../../../components/Modal.tsx';
import type { Query } from '../../state/types.ts';
import { createDataset } from './resultsApi.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `Untitled Query 1 2024-05-01 13:45:10`: the tab and the moment, as a starting name. */
export function defaultDatasetName(query: Pick<Query, 'tab'>, now = new Date()): string {
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return `${query.tab || 'Query'} ${stamp}`;
}

/** The body of `POST /api/v1/dataset/` for a query's result (the variant with its columns). */
export function datasetBody(
  query: Pick<Query, 'dbId' | 'catalog' | 'schema' | 'sql' | 'templateParams'>,
  tableName: string,
  columns: readonly ResultColumnSchema[],
) {
  const template = query.templateParams?.trim() ? query.templateParams : null;
  return {
    database: query.dbId,
    catalog: query.catalog ?? null,
    schema: query.schema ?? null,
    sql: query.sql,
    table_name: tableName,
    is_managed_externally: false,
    external_url: null,
    ...(template ? { template_params: template } : {}),
    columns: columns.map(
      (column): DatasetColumnInput => ({
        column_name: column.column_name || column.name,
        type: column.type ?? undefined,
        is_dttm: column.is_dttm,
      }),
    ),
  };
}

export interface CreateDatasetModalProps {
  query: Query;
  columns: readonly ResultColumnSchema[];
  onClose: () => void;
  onCreated: (dataset: { id: number; name: string }) => void;
}

/** Names the result and saves it as a virtual dataset (started -> success | failed). */
export function CreateDatasetModal({
  query,
  columns,
  onClose,
  onCreated,
}: CreateDatasetModalProps) {
  const { addDangerToast } = useToasts();
  const [name, setName] = useState(() => defaultDatasetName(query));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    const tableName = name.trim();
    if (!tableName) return;
    setSaving(true);
    setFailure(null);
    try {
      const created = await createDataset(datasetBody(query, tableName, columns));
      onCreated({ id: created.id, name: tableName });
    } catch (error) {
      addDangerToast(CREATE_DATASOURCE_FAILED_TOAST);
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Save as dataset"
      okText="Save & explore"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !name.trim(), 'data-testid': 'create-dataset-save' } as never}
      data-testid="create-dataset-modal"
    >
      <Typography.Paragraph type="secondary">
        A virtual dataset keeps this query&apos;s SQL so charts can be built on its result.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label="Dataset name"
          required
          validateStatus={failure ? 'error' : undefined}
          help={failure ?? undefined}
        >
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={250}
            autoFocus
            data-testid="create-dataset-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
