import { ArrowLeftOutlined } from '@ant-design/icons';
import type {
  AvailableEngine,
  ConfigurationMethod,
  DatabaseItem,
} from '@tessera/shared/api/databases';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Button, Flex, Form, Input, Segmented, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { isAbortError, toClientErrorObject } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import {
  type ConnectionFormValues,
  connectionFields,
  connectionPayload,
  newConnectionValues,
  valuesFromDatabase,
} from '../connectionForm.ts';
import { databaseApi } from '../databaseApi.ts';
import { AdvancedOptions } from './AdvancedOptions.tsx';
import { ConnectionFields } from './ConnectionFields.tsx';
import { EngineIcon } from './EngineIcon.tsx';
import { EnginePicker } from './EnginePicker.tsx';
import { TestConnection, type TestState } from './TestConnection.tsx';

export interface DatabaseModalProps {
  open: boolean;
  /** Edit this database; create a new one when absent. */
  databaseId?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}

const URI_HELP =
  'Refer to the documentation of your database for the connection string. For example postgresql://user:password@host:5432/database.';

/** Connect a new database or edit one: engine picker, generated form or URI, test, options. */
export function DatabaseModal({ open, databaseId, onClose, onSaved }: DatabaseModalProps) {
  const editing = databaseId !== undefined;
  const [form] = Form.useForm<ConnectionFormValues>();
  const { addSuccessToast } = useToasts();
  const [step, setStep] = useState<'pick' | 'form'>(editing ? 'form' : 'pick');
  const [engine, setEngine] = useState<AvailableEngine | null>(null);
  const [method, setMethod] = useState<ConfigurationMethod>('sqlalchemy_form');
  const [tab, setTab] = useState('basic');
  const [test, setTest] = useState<TestState>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<ClientErrorObject | null>(null);

  const engines = useApiQuery((signal) => databaseApi.available(signal), [], { enabled: open });
  const existing = useApiQuery(
    (signal) => databaseApi.get(databaseId as number, signal),
    [databaseId],
    { enabled: open && editing },
  );

  const fields = useMemo(() => connectionFields(engine?.parameters), [engine]);

  // Editing: once the database and the engines are known, fill the form.
  useEffect(() => {
    const item: DatabaseItem | undefined = existing.data?.result;
    if (!editing || !item || !engines.data) return;
    const spec = engines.data.databases.find((e) => e.engine === item.engine) ?? null;
    setEngine(spec);
    setMethod(
      spec?.parameters && item.configuration_method === 'dynamic_form'
        ? 'dynamic_form'
        : 'sqlalchemy_form',
    );
    form.setFieldsValue(valuesFromDatabase(item));
  }, [editing, existing.data, engines.data, form]);

  const resetFeedback = () => {
    setTest({ status: 'idle' });
    setSaveError(null);
  };

  const pickEngine = (picked: AvailableEngine | null) => {
    setEngine(picked);
    setMethod(picked?.parameters ? 'dynamic_form' : 'sqlalchemy_form');
    form.resetFields();
    form.setFieldsValue(newConnectionValues(picked));
    resetFeedback();
    setTab('basic');
    setStep('form');
  };

  const backToPicker = () => {
    setStep('pick');
    resetFeedback();
  };

  const connectionFieldNames = () =>
    method === 'dynamic_form'
      ? fields.map((field) => ['parameters', field.name])
      : [['sqlalchemy_uri']];

  const payload = () =>
    connectionPayload(
      form.getFieldsValue(true) as ConnectionFormValues,
      engine?.engine ?? null,
      method,
      fields,
    );

  const testConnection = async () => {
    try {
      await form.validateFields(connectionFieldNames());
    } catch {
      setTab('basic');
      return;
    }
    setTest({ status: 'testing' });
    try {
      await databaseApi.testConnection(payload());
      setTest({ status: 'success' });
    } catch (failure) {
      if (!isAbortError(failure)) setTest({ status: 'error', error: toClientErrorObject(failure) });
    }
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      setTab('basic');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const answer = editing
        ? await databaseApi.update(databaseId, payload())
        : await databaseApi.create(payload());
      addSuccessToast(editing ? 'Database settings updated' : 'Database connected');
      onSaved(answer.id);
    } catch (failure) {
      setSaveError(toClientErrorObject(failure));
    } finally {
      setSaving(false);
    }
  };

  const loadError = engines.error ?? existing.error;
  const loading = engines.loading || (editing && existing.loading);

  const basic = (
    <>
      <Form.Item
        name="database_name"
        label="Display name"
        rules={[{ required: true, whitespace: true, message: 'Display name is required' }]}
        extra="Pick a name to help you identify this database."
      >
        <Input data-testid="database-name" autoComplete="off" />
      </Form.Item>
      {engine?.parameters && (
        <Segmented<ConfigurationMethod>
          block
          value={method}
          onChange={(value) => {
            setMethod(value);
            resetFeedback();
          }}
          style={{ marginBottom: 16 }}
          options={[
            {
              value: 'dynamic_form',
              label: <span data-testid="method-form">Connection form</span>,
            },
            {
              value: 'sqlalchemy_form',
              label: <span data-testid="method-uri">SQLAlchemy URI</span>,
            },
          ]}
        />
      )}
      {method === 'dynamic_form' ? (
        <ConnectionFields fields={fields} />
      ) : (
        <Form.Item
          name="sqlalchemy_uri"
          label="SQLAlchemy URI"
          rules={[{ required: true, whitespace: true, message: 'SQLAlchemy URI is required' }]}
          extra={URI_HELP}
        >
          <Input
            placeholder={
              engine?.sqlalchemy_uri_placeholder ??
              'engine+driver://user:password@host:port/database'
            }
            autoComplete="off"
            data-testid="sqlalchemy-uri"
          />
        </Form.Item>
      )}
      <TestConnection state={test} onTest={testConnection} />
    </>
  );

  const title = editing ? 'Edit database' : 'Connect a database';
  const onForm = step === 'form';

  return (
    <Modal
      open={open}
      title={
        <Flex align="center" gap={10}>
          <span>{title}</span>
          {!editing && (
            <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
              Step {onForm ? 2 : 1} of 2
            </Typography.Text>
          )}
        </Flex>
      }
      onCancel={onClose}
      data-testid="database-modal"
      // The footer stays in view; long forms scroll inside the dialog.
      styles={{
        body: {
          maxHeight: 'calc(100vh - 240px)',
          overflowY: 'auto',
          overflowX: 'hidden',
          paddingRight: 4,
        },
      }}
      footer={
        onForm ? (
          <Flex justify="space-between">
            <div>
              {!editing && (
                <Button
                  icon={<ArrowLeftOutlined />}
                  onClick={backToPicker}
                  data-testid="database-back"
                >
                  Back
                </Button>
              )}
            </div>
            <Flex gap={8}>
              <Button onClick={onClose} data-testid="database-cancel">
                Cancel
              </Button>
              <Button type="primary" loading={saving} onClick={save} data-testid="database-submit">
                {editing ? 'Finish' : 'Connect'}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Button onClick={onClose} data-testid="database-cancel">
            Cancel
          </Button>
        )
      }
    >
      <div data-testid="database-modal-body">
        {loadError ? (
          <ErrorAlert
            error={loadError}
            title="Could not load the connection details"
            onRetry={() => {
              engines.reload();
              existing.reload();
            }}
          />
        ) : !onForm ? (
          <EnginePicker
            engines={engines.data?.databases}
            loading={engines.loading}
            onPick={pickEngine}
            onPickUri={() => pickEngine(null)}
          />
        ) : loading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
              <EngineIcon
                engine={engine?.engine ?? existing.data?.result.engine ?? 'other'}
                size={18}
              />
              <div>
                <Typography.Text strong>{engine?.name ?? 'SQLAlchemy URI'}</Typography.Text>
                {editing && existing.data && (
                  <div>
                    <Tag style={{ marginTop: 2 }}>{existing.data.result.backend}</Tag>
                  </div>
                )}
              </div>
            </Flex>
            <Form<ConnectionFormValues>
              form={form}
              layout="vertical"
              requiredMark="optional"
              onValuesChange={() =>
                test.status !== 'idle' && test.status !== 'testing' && setTest({ status: 'idle' })
              }
              data-testid="database-form"
            >
              <Tabs
                activeKey={tab}
                onChange={setTab}
                items={[
                  {
                    key: 'basic',
                    label: <span data-testid="database-tab-basic">Basic</span>,
                    children: basic,
                    forceRender: true,
                  },
                  {
                    key: 'advanced',
                    label: <span data-testid="database-tab-advanced">Advanced</span>,
                    children: <AdvancedOptions />,
                    forceRender: true,
                  },
                ]}
              />
            </Form>
            {saveError && (
              <div style={{ marginTop: 12 }}>
                <ErrorAlert error={saveError} testId="database-save-error" />
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
