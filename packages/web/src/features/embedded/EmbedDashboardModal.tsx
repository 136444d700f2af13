import { CopyOutlined } from '@ant-design/icons';
import type { EmbeddedDashboard } from '@tessera/shared/api/embedded';
import { embeddedRoutes } from '@tessera/shared/api/routes/embedded';
import { Alert, App, Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api, ClientError, errorMessage } from '../../app/api.ts';
import { useToasts } from '../../app/useToasts.ts';
import { copyToClipboard } from '../../components/DataGrid/copy.ts';
import { Modal } from '../../components/Modal.tsx';
import { embedCodeSample, parseAllowedDomains } from './embedSample.ts';

/**
 * "Embed dashboard" (the spec's "manage embedded"), as Superset's dialog: enable embedding with
 * the domains allowed to frame it, copy the uuid and a code sample for the SDK, change the
 * domains, or deactivate it (every guest token for it stops at once).
 */
export function EmbedDashboardModal({
  dashboardId,
  onClose,
}: {
  dashboardId: number;
  onClose: () => void;
}) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const { modal } = App.useApp();
  const [embedded, setEmbedded] = useState<EmbeddedDashboard | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [domains, setDomains] = useState('');
  const [error, setError] = useState<string | null>(null);
  const params = { id_or_slug: String(dashboardId) };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per dashboard.
  useEffect(() => {
    let live = true;
    api
      .call(embeddedRoutes.get, { params })
      .then((answer) => {
        if (!live) return;
        setEmbedded(answer.result);
        setDomains(answer.result.allowed_domains.join(', '));
      })
      .catch((e: unknown) => {
        // 404: not embedded yet, the dialog offers to enable it.
        if (live && !(e instanceof ClientError && e.status === 404)) setError(errorMessage(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dashboardId]);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = { allowed_domains: parseAllowedDomains(domains) };
      const answer = await api.call(embeddedRoutes.create, { params, body });
      setEmbedded(answer.result);
      addSuccessToast('Changes saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const deactivate = () =>
    modal.confirm({
      title: 'Disable embedding?',
      content: 'This will remove your current embed configuration.',
      okText: 'Deactivate',
      okButtonProps: { danger: true, 'data-testid': 'embed-deactivate-confirm' } as never,
      onOk: async () => {
        try {
          await api.call(embeddedRoutes.delete, { params });
          setEmbedded(null);
          setDomains('');
          addSuccessToast('Embedding deactivated.');
        } catch {
          addDangerToast('Sorry, something went wrong. Embedding could not be deactivated.');
        }
      },
    });

  const copy = (text: string) =>
    copyToClipboard(text).then(
      () => addSuccessToast('Copied to clipboard!'),
      () => addDangerToast('Sorry, your browser does not support copying.'),
    );

  const footer = embedded
    ? [
        <Button key="off" danger onClick={deactivate} data-testid="embed-deactivate">
          Deactivate
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save} data-testid="embed-save">
          Save changes
        </Button>,
      ]
    : [
        <Button key="on" type="primary" loading={saving} onClick={save} data-testid="embed-enable">
          Enable embedding
        </Button>,
      ];

  return (
    <Modal
      open
      title="Embed"
      onCancel={onClose}
      footer={loading ? null : footer}
      width={640}
      data-testid="embed-dashboard-modal"
    >
      {loading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {embedded ? (
            <>
              <Typography.Text>
                This dashboard is ready to embed. In your application, pass the following id to the
                SDK:
              </Typography.Text>
              <Flex gap={8} align="center">
                <Typography.Text code data-testid="embed-uuid">
                  {embedded.uuid}
                </Typography.Text>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={() => copy(embedded.uuid)}
                  data-testid="embed-copy-uuid"
                >
                  Copy id
                </Button>
              </Flex>
              <pre
                data-testid="embed-code-sample"
                style={{ fontSize: 12, margin: 0, overflowX: 'auto', whiteSpace: 'pre' }}
              >
                {embedCodeSample(embedded.uuid, globalThis.location.origin)}
              </pre>
              <Button
                size="small"
                icon={<CopyOutlined />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => copy(embedCodeSample(embedded.uuid, globalThis.location.origin))}
                data-testid="embed-copy-code"
              >
                Copy code
              </Button>
            </>
          ) : (
            <Typography.Text>
              Configure this dashboard to embed it into an external web application.
            </Typography.Text>
          )}
          <Form layout="vertical" onFinish={save}>
            <Form.Item
              label="Allowed Domains (comma separated)"
              tooltip="A list of domain names that can embed this dashboard. Leaving this field empty will allow embedding from any domain."
              style={{ marginBottom: 0 }}
            >
              <Input
                value={domains}
                placeholder="superset.example.com"
                onChange={(e) => setDomains(e.target.value)}
                data-testid="embed-allowed-domains"
              />
            </Form.Item>
          </Form>
          {error && <Alert type="error" showIcon message={error} data-testid="embed-error" />}
        </Flex>
      )}
    </Modal>
  );
}
