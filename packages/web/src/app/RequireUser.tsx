import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginUrl } from './session.ts';
import { useAppSelector } from './store.ts';

/** Pages behind login: the server redirects first, this covers navigation inside the app. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loaded } = useAppSelector((state) => state.session);
  const location = useLocation();
  if (!loaded) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (!user) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
