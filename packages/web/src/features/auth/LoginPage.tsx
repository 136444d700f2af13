import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useStore } from 'react-redux';
import { Navigate, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../app/api.ts';
import { refreshBootstrap, safeNext } from '../../app/session.ts';
import type { AppStore } from '../../app/store.ts';
import { useAppSelector } from '../../app/store.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { LogoMark } from '../../components/Logo.tsx';

export const LOGIN_POST_PATH = '/login/';

interface Credentials {
  username: string;
  password: string;
}

/** `/login/`: signs in with a browser session, then goes to `next` (or home). */
export function LoginPage() {
  usePageTitle('Sign in');
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const user = useAppSelector((state) => state.session.user);
  const store = useStore() as AppStore;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Signed in already, or just now: the bootstrap refresh puts the user in the store.
  if (user) return <Navigate to={next} replace />;

  const signIn = async (values: Credentials) => {
    setSubmitting(true);
    setError(null);
    try {
      await api.post(LOGIN_POST_PATH, {
        username: values.username.trim(),
        password: values.password,
      });
      await refreshBootstrap(store);
    } catch (failure) {
      setError(errorMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        background: `radial-gradient(1200px 600px at 10% -10%, ${token.colorPrimaryBg}, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${token.colorPrimaryBgHover}, transparent 55%), ${token.colorBgLayout}`,
      }}
    >
      <div style={{ width: '100%', maxWidth: 400 }}>
        <Flex vertical align="center" gap={10} style={{ marginBottom: 24 }}>
          <LogoMark size={44} />
          <Typography.Title
            level={2}
            style={{ margin: 0, fontWeight: 700, letterSpacing: '-0.02em' }}
          >
            Tessera
          </Typography.Title>
          <Typography.Text type="secondary">Explore, visualise and share your data</Typography.Text>
        </Flex>
        <Card
          variant="outlined"
          style={{ boxShadow: token.boxShadowTertiary }}
          styles={{ body: { padding: 28 } }}
        >
          <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 20 }}>
            Sign in to your account
          </Typography.Title>
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              data-testid="login-error"
              style={{ marginBottom: 16 }}
            />
          )}
          <Form<Credentials>
            layout="vertical"
            requiredMark={false}
            onFinish={signIn}
            disabled={submitting}
            data-testid="login-form"
          >
            <Form.Item
              label="Username"
              name="username"
              rules={[{ required: true, whitespace: true, message: 'Please enter your username' }]}
            >
              <Input
                size="large"
                prefix={<UserOutlined style={{ color: token.colorTextTertiary }} />}
                autoComplete="username"
                autoFocus
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item
              label="Password"
              name="password"
              rules={[{ required: true, message: 'Please enter your password' }]}
            >
              <Input.Password
                size="large"
                prefix={<LockOutlined style={{ color: token.colorTextTertiary }} />}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submitting}
              data-testid="login-submit"
              style={{ marginTop: 4 }}
            >
              Sign in
            </Button>
          </Form>
        </Card>
        <Typography.Paragraph
          type="secondary"
          style={{ textAlign: 'center', marginTop: 20, fontSize: 12 }}
        >
          No account yet? Ask your Tessera administrator to create one.
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}
