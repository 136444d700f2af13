import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Typography } from 'antd';

/** The permalink of the tab's query, with a copy button (the link was copied when possible). */
export function ShareModal({
  url,
  onCopy,
  onClose,
}: {
  url: string | null;
  onCopy(url: string): void;
  onClose(): void;
}) {
  return (
    <Modal
      open={url !== null}
      title="Share query"
      footer={null}
      onCancel={onClose}
      data-testid="share-modal"
    >
      <Typography.Paragraph type="secondary">
        Anyone with access to the database can open this link to get the query in a new tab.
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={url ?? ''} data-testid="sqllab-permalink-url" />
        <Button icon={<CopyOutlined />} onClick={() => url && onCopy(url)}>
          Copy
        </Button>
      </Space.Compact>
    </Modal>
  );
}
