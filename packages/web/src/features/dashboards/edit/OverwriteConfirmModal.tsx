import { CONFIRM_OVERWRITE_MESSAGE } from '@tessera/shared/dashboard/save';
import { Button, Modal, Typography, theme } from 'antd';
import { useDashboardDispatch, useDashboardSelector } from '../state/hooks.ts';
import {
  cancelOverwrite,
  confirmOverwrite,
  reloadDashboard,
  type SaveOptions,
} from './saveDashboard.ts';

/**
 * Shown when another editor saved the dashboard since this one loaded it (found before saving, or
 * refused by the server with 409): the fields a save would overwrite, the server's value beside
 * this editor's, and the choice to Reload (take theirs), Overwrite (keep mine) or Cancel.
 */
export function OverwriteConfirmModal({ options }: { options?: SaveOptions }) {
  const dispatch = useDashboardDispatch();
  const { token } = theme.useToken();
  const pending = useDashboardSelector((s) => s.dashboardState.overwriteConfirmMetadata);
  const saving = useDashboardSelector((s) => s.dashboardState.dashboardIsSaving);
  if (!pending) return null;
  const code = {
    margin: 0,
    padding: 8,
    maxHeight: 160,
    overflow: 'auto',
    fontSize: 12,
    background: token.colorFillTertiary,
    borderRadius: token.borderRadius,
    whiteSpace: 'pre-wrap' as const,
  };
  return (
    <Modal
      open
      width={720}
      title={CONFIRM_OVERWRITE_MESSAGE}
      onCancel={() => dispatch(cancelOverwrite())}
      data-testid="overwrite-confirm-modal"
      footer={[
        <Button
          key="cancel"
          data-testid="overwrite-cancel"
          onClick={() => dispatch(cancelOverwrite())}
        >
          Cancel
        </Button>,
        <Button
          key="reload"
          data-testid="overwrite-reload"
          onClick={() => dispatch(reloadDashboard(options))}
        >
          Reload
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger
          loading={saving}
          data-testid="overwrite-confirm"
          onClick={() => void dispatch(confirmOverwrite(options))}
        >
          Overwrite
        </Button>,
      ]}
    >
      <div data-testid="overwrite-confirm-body">
        <Typography.Paragraph>
          {pending.updatedBy || 'Someone'} saved this dashboard{' '}
          {pending.updatedAt ? `at ${new Date(pending.updatedAt).toLocaleString()}` : ''} after you
          opened it.{' '}
          {pending.overwriteConfirmItems.length > 0
            ? 'Saving now replaces these values:'
            : 'Reload to see their changes, or overwrite them with yours.'}
        </Typography.Paragraph>
        {pending.overwriteConfirmItems.map((item) => (
          <div
            key={item.keyPath}
            data-testid="overwrite-item"
            data-key-path={item.keyPath}
            style={{ marginBottom: 12 }}
          >
            <Typography.Text strong>{item.keyPath}</Typography.Text>
            <div style={{ display: 'flex', gap: 8, marginTop: 4 }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text type="secondary">On the server</Typography.Text>
                <pre style={code}>{item.oldValue || '—'}</pre>
              </div>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text type="secondary">Yours</Typography.Text>
                <pre style={code}>{item.newValue || '—'}</pre>
              </div>
            </div>
          </div>
        ))}
      </div>
    </Modal>
  );
}
