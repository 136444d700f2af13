import { CalendarOutlined } from '@ant-design/icons';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import type { CreationMethod, ReportType } from '@tessera/shared/reports/schemas';
import { Flex, Form, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { toClientErrorObject } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/store.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { REPORT_MESSAGES } from '../messages.ts';
import {
  type NewReportOptions,
  newReportValues,
  payloadProblems,
  type ReportFormValues,
  reportValues,
  toPayload,
} from '../reportForm.ts';
import { reportsApi } from '../reportsApi.ts';
import { type FixedContent, ReportFields } from './ReportFields.tsx';

export interface ReportModalProps {
  /** Edit this report; create one when absent. */
  reportId?: number;
  /** What a new one is (ignored on edit: the stored type stays). */
  type?: ReportType;
  creationMethod: CreationMethod;
  /** A dashboard or chart the form is opened on, fixed in the form. */
  target?: NewReportOptions['target'];
  /** A saved query scheduled from SQL Lab. */
  query?: NewReportOptions['query'];
  /** The toasts after a create (SQL Lab words them its own way). */
  messages?: { created: string; createFailed: string };
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** The title of the dialog, as Superset words it for each case. */
function titleOf(editing: boolean, type: ReportType, fromMenu: boolean): string {
  if (type === 'Alert') return editing ? 'Edit alert' : 'Add alert';
  if (fromMenu) return editing ? 'Edit email report' : 'Schedule a new email report';
  return editing ? 'Edit report' : 'Add report';
}

/** Create or edit a report or an alert: used by the list page, the header menus and SQL Lab. */
export function ReportModal(props: ReportModalProps) {
  const { reportId, target, query } = props;
  const editing = reportId !== undefined;
  const [form] = Form.useForm<ReportFormValues>();
  const email = useAppSelector((s) => s.session.user?.email ?? null);
  const { addSuccessToast, addDangerToast } = useToasts();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const stored = useApiQuery((signal) => reportsApi.get(reportId ?? 0, signal), [reportId], {
    enabled: editing,
  });
  const report = stored.data?.result;
  const type: ReportType = report?.type ?? props.type ?? 'Report';
  const [initial] = useState(() => newReportValues({ type, target, query, email }));

  useEffect(() => {
    if (report) form.setFieldsValue(reportValues(report));
  }, [report, form]);

  const fixed: FixedContent | undefined = target
    ? { kind: target.kind, label: target.name, vizType: target.vizType }
    : query
      ? { kind: 'query', label: query.name }
      : report && report.type === 'Report' && report.creation_method !== 'alerts_reports'
        ? {
            kind: report.dashboard ? 'dashboard' : report.chart ? 'chart' : 'query',
            label:
              report.dashboard?.dashboard_title ??
              report.chart?.slice_name ??
              report.database?.database_name ??
              '',
            vizType: report.chart?.viz_type,
          }
        : undefined;

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    // Every value, the fields not shown too (a fixed dashboard or chart, the type).
    const values: ReportFormValues = form.getFieldsValue(true);
    const creationMethod = report?.creation_method ?? props.creationMethod;
    const payload = toPayload(values, { creationMethod });
    const problems = payloadProblems(payload, values.content);
    if (problems.length > 0) {
      form.setFields(problems as never);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      if (editing) {
        await reportsApi.update(reportId, payload);
        addSuccessToast(REPORT_MESSAGES.updated);
        props.onSaved(reportId);
      } else {
        const answer = await reportsApi.create(payload);
        addSuccessToast(props.messages?.created ?? REPORT_MESSAGES.created);
        props.onSaved(answer.id);
      }
    } catch (failure) {
      addDangerToast(
        editing
          ? REPORT_MESSAGES.updateFailed
          : (props.messages?.createFailed ?? REPORT_MESSAGES.createFailed),
      );
      setError(toClientErrorObject(failure));
    } finally {
      setSaving(false);
    }
  };

  const loading = editing && !report && !stored.error;

  return (
    <Modal
      open
      width={640}
      title={
        <Flex gap={8} align="center">
          <CalendarOutlined />
          {titleOf(editing, type, Boolean(target))}
        </Flex>
      }
      onCancel={props.onClose}
      onOk={save}
      okText={editing ? 'Save' : 'Add'}
      confirmLoading={saving}
      okButtonProps={
        { disabled: loading || Boolean(stored.error), 'data-testid': 'report-submit' } as never
      }
      cancelButtonProps={{ 'data-testid': 'report-cancel' } as never}
      data-testid="report-modal"
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 4 } }}
    >
      {stored.error && <ErrorAlert error={stored.error} testId="report-load-error" />}
      {loading ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Form<ReportFormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={report ? reportValues(report) : initial}
          data-testid="report-form"
        >
          <ReportFields form={form} fixed={fixed} />
        </Form>
      )}
      {error && <ErrorAlert error={error} testId="report-save-error" />}
    </Modal>
  );
}
