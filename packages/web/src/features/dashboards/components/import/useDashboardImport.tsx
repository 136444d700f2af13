import { Alert, Form, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorMessage, toClientErrorObject } from '../../../../app/api.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { importDashboards } from '../../dashboardApi.ts';
import { type ImportQuestions, importQuestions, OVERWRITE_WORD } from './importProblems.ts';

/** Superset's import dialog texts for dashboards. */
export const IMPORT_TITLE = 'Import dashboard';
export const PASSWORDS_NEEDED_MESSAGE =
  'The passwords for the databases below are needed in order to import them together with the dashboards. Please note that the "Secure Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the import if they are needed.';
export const CONFIRM_OVERWRITE_MESSAGE =
  'You are importing one or more dashboards that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?';

interface PendingImport {
  file: File;
  questions: ImportQuestions;
  /** The user already confirmed an overwrite in an earlier round. */
  overwrite: boolean;
  passwords: Record<string, string>;
}

/**
 * Importing a dashboard bundle as Superset's import dialog does: the first try sends the ZIP
 * alone; when the server answers that dashboards exist or that databases need passwords, a
 * dialog asks for them (an overwrite needs "OVERWRITE" typed) and the import is sent again with
 * `overwrite` and `passwords`, until it succeeds or fails for a reason the user cannot answer.
 */
export function useDashboardImport(onImported: () => void): {
  importFile: (file: File) => void;
  dialog: ReactNode;
} {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);

  const send = async (file: File, overwrite: boolean, passwords: Record<string, string>) => {
    try {
      await importDashboards(file, { overwrite, passwords });
      setPending(null);
      addSuccessToast('Dashboard imported');
      onImported();
    } catch (error) {
      const questions = importQuestions(toClientErrorObject(error));
      if (questions) {
        setTyped('');
        setPending({ file, questions, overwrite, passwords });
        return;
      }
      setPending(null);
      addDangerToast(`An error occurred while importing dashboard: ${errorMessage(error)}`);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setSending(true);
    try {
      await send(
        pending.file,
        pending.overwrite || pending.questions.existing.length > 0,
        pending.passwords,
      );
    } finally {
      setSending(false);
    }
  };

  const questions = pending?.questions;
  const overwriteAsked = !!questions && questions.existing.length > 0;
  const ready =
    !!pending &&
    (!overwriteAsked || typed === OVERWRITE_WORD) &&
    (questions?.passwords ?? []).every((file) => (pending.passwords[file] ?? '') !== '');

  const dialog = pending && questions && (
    <Modal
      open
      title={IMPORT_TITLE}
      okText={overwriteAsked ? 'Overwrite' : 'Import'}
      onOk={() => void confirm()}
      onCancel={() => setPending(null)}
      confirmLoading={sending}
      okButtonProps={{
        danger: overwriteAsked,
        disabled: !ready,
        'data-testid': 'import-overwrite-confirm',
      }}
      data-testid="import-modal"
    >
      <Form layout="vertical">
        {questions.passwords.length > 0 && (
          <>
            <Typography.Title level={5}>Database passwords</Typography.Title>
            <Typography.Paragraph type="secondary">{PASSWORDS_NEEDED_MESSAGE}</Typography.Paragraph>
            {questions.passwords.map((file) => (
              <Form.Item key={file} label={file} required>
                <Input.Password
                  autoComplete="new-password"
                  data-testid="import-password"
                  data-file={file}
                  value={pending.passwords[file] ?? ''}
                  onChange={(event) =>
                    setPending({
                      ...pending,
                      passwords: { ...pending.passwords, [file]: event.target.value },
                    })
                  }
                />
              </Form.Item>
            ))}
          </>
        )}
        {overwriteAsked && (
          <>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={CONFIRM_OVERWRITE_MESSAGE}
              data-testid="import-overwrite-message"
            />
            <Form.Item label={`Type "${OVERWRITE_WORD}" to confirm`}>
              <Input
                autoComplete="off"
                data-testid="import-overwrite-input"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );

  return { importFile: (file) => void send(file, false, {}), dialog };
}
