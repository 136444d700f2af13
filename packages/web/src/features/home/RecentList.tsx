import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Flex, Skeleton, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { ApiQuery } from '../../app/useApiQuery.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** One line of the home page's recent lists: an icon and a name on the left, an age on the right. */
export function RecentRow(props: {
  first: boolean;
  icon: ReactNode;
  age: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={12}
      style={{
        padding: '10px 4px',
        borderTop: props.first ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={10} style={{ minWidth: 0 }}>
        <span style={{ color: token.colorPrimary }}>{props.icon}</span>
        {props.children}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {props.age}
      </Typography.Text>
    </Flex>
  );
}

/**
 * A recent list of the home page through its states: an error (or what `whenRefused` shows
 * instead), loading, nothing yet, and the rows.
 */
export function RecentList<T>(props: {
  query: ApiQuery<{ result: T[] }>;
  errorTitle: string;
  empty: ReactNode;
  testId: string;
  whenRefused?: (error: ClientErrorObject) => ReactNode | null;
  row: (item: T, index: number) => ReactNode;
}) {
  const { query } = props;
  if (query.error) {
    return (
      props.whenRefused?.(query.error) ?? (
        <ErrorAlert error={query.error} title={props.errorTitle} onRetry={query.reload} />
      )
    );
  }
  if (query.loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const items = query.data?.result ?? [];
  if (items.length === 0) return props.empty;
  return <div data-testid={props.testId}>{items.map(props.row)}</div>;
}
