import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';

/** Why the text is not acceptable as template parameters, or null when it is (empty is `{}`). */
export function templateParamsError(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      return 'Template parameters must be a JSON object, e.g. {"country": "France"}';
    }
    return null;
  } catch (error) {
    return `Invalid JSON: ${(error as Error).message}`;
  }
}

export interface TemplateParamsModalProps {
  open: boolean;
  value: string;
  onApply(value: string): void;
  onClose(): void;
  /** Once the dialog has gone (focus goes back to the editor, so Ctrl+Enter runs). */
  afterClose?(): void;
}

/** The JSON of Jinja template parameters, validated as the user types. */
export function TemplateParamsModal(props: TemplateParamsModalProps) {
  const [text, setText] = useState(props.value);
  useEffect(() => {
    if (props.open) setText(props.value);
  }, [props.open, props.value]);
  const error = templateParamsError(text);

  return (
    <Modal
      open={props.open}
      title="Template parameters"
      okText="Apply"
      okButtonProps={{ disabled: error !== null, 'data-testid': 'template-params-apply' } as never}
      onOk={() => {
        props.onApply(text);
        props.onClose();
      }}
      onCancel={props.onClose}
      afterClose={props.afterClose}
      destroyOnHidden
      data-testid="template-params-modal"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Values for <Typography.Text code>{'{{ name }}'}</Typography.Text> placeholders in the SQL,
        as a JSON object. Leave empty for none.
      </Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 6, maxRows: 16 }}
        spellCheck={false}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        status={error ? 'error' : undefined}
        placeholder='{"country": "France"}'
        data-testid="template-params-input"
      />
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          style={{ marginTop: 8 }}
          data-testid="template-params-error"
        />
      )}
    </Modal>
  );
}
