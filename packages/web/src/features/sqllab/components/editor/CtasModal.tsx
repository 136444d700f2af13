import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';

export type CtasMethod = 'TABLE' | 'VIEW';

export interface CtasModalProps {
  open: boolean;
  /** The database's allow_ctas and allow_cvas: the kinds offered. */
  allowTable: boolean;
  allowView: boolean;
  onRun(options: { tempTable: string; ctasMethod: CtasMethod }): void;
  onClose(): void;
  afterClose?(): void;
}

/**
 * CREATE TABLE AS / CREATE VIEW AS: the target's name, and TABLE or VIEW where the database
 * allows both. An empty name lets the server name it (`tmp_<user>_table_<time>`).
 */
export function CtasModal(props: CtasModalProps) {
  const [name, setName] = useState('');
  const [method, setMethod] = useState<CtasMethod>(props.allowTable ? 'TABLE' : 'VIEW');
  useEffect(() => {
    if (props.open) setMethod(props.allowTable ? 'TABLE' : 'VIEW');
  }, [props.open, props.allowTable]);

  return (
    <Modal
      open={props.open}
      title={method === 'VIEW' ? 'CREATE VIEW AS' : 'CREATE TABLE AS'}
      okText="Run"
      okButtonProps={{ 'data-testid': 'sqllab-ctas-run' } as never}
      onOk={() => {
        props.onRun({ tempTable: name.trim(), ctasMethod: method });
        props.onClose();
      }}
      onCancel={props.onClose}
      afterClose={props.afterClose}
      destroyOnHidden
      data-testid="sqllab-ctas-modal"
    >
      <Typography.Paragraph type="secondary">
        Runs the query and keeps its result in the database under this name.
      </Typography.Paragraph>
      <Form layout="vertical">
        {props.allowTable && props.allowView && (
          <Form.Item label="Create">
            <Radio.Group
              value={method}
              onChange={(event) => setMethod(event.target.value as CtasMethod)}
              options={[
                { value: 'TABLE', label: 'Table' },
                { value: 'VIEW', label: 'View' },
              ]}
              data-testid="sqllab-ctas-method"
            />
          </Form.Item>
        )}
        <Form.Item label={method === 'VIEW' ? 'View name' : 'Table name'}>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Leave empty for a generated name"
            maxLength={256}
            data-testid="sqllab-ctas-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
