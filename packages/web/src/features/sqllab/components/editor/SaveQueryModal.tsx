import { Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';

export interface SaveQueryModalProps {
  open: boolean;
  defaultName: string;
  /** The saved query this tab came from: the modal then offers Update as well. */
  remoteId: number | null;
  onSave(fields: { name: string; description: string }): Promise<unknown>;
  onUpdate(fields: { name: string; description: string }): Promise<unknown>;
  onClose(): void;
}

/** Save as a new saved query, or update the one the tab came from. */
export function SaveQueryModal(props: SaveQueryModalProps) {
  const [name, setName] = useState(props.defaultName);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState<'save' | 'update' | null>(null);

  useEffect(() => {
    if (props.open) setName(props.defaultName);
  }, [props.open, props.defaultName]);

  const submit = async (kind: 'save' | 'update') => {
    setBusy(kind);
    try {
      const fields = { name: name.trim(), description };
      await (kind === 'save' ? props.onSave(fields) : props.onUpdate(fields));
      props.onClose();
    } finally {
      setBusy(null);
    }
  };
  const valid = name.trim().length > 0;

  return (
    <Modal
      open={props.open}
      title={props.remoteId ? 'Save or update query' : 'Save query'}
      onCancel={props.onClose}
      destroyOnHidden
      data-testid="save-query-modal"
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          Cancel
        </Button>,
        props.remoteId ? (
          <Button
            key="update"
            type="primary"
            disabled={!valid}
            loading={busy === 'update'}
            onClick={() => submit('update')}
            data-testid="save-query-update"
          >
            Update
          </Button>
        ) : null,
        <Button
          key="save"
          type={props.remoteId ? 'default' : 'primary'}
          disabled={!valid}
          loading={busy === 'save'}
          onClick={() => submit('save')}
          data-testid="save-query-submit"
        >
          {props.remoteId ? 'Save as new' : 'Save'}
        </Button>,
      ]}
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label="Name" required>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={256}
            autoFocus
            data-testid="save-query-name"
          />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            data-testid="save-query-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
