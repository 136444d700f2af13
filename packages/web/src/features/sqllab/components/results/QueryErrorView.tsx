import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Flex, Tag, Typography } from 'antd';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import type { Query } from '../../state/types.ts';

/** The run's errors as the normalised error object the app's ErrorAlert shows. */
export function queryErrorObject(query: Pick<Query, 'errorMessage' | 'errors' | 'link'>) {
  const errors = (query.errors ?? []).map((error) => ({
    message: error.message,
    error_type: error.error_type ?? 'GENERIC_DB_ENGINE_ERROR',
    level: error.level ?? 'error',
    extra: (error.extra ?? null) as NonNullable<ClientErrorObject['errors']>[number]['extra'],
  }));
  const info: ClientErrorObject = {
    error: query.errorMessage || errors[0]?.message || 'Unknown error',
    ...(errors.length ? { errors } : {}),
    ...(query.link ? { link: query.link } : {}),
  };
  return info;
}

/** A failed or timed-out run: the database's message, its error type, issue codes and link. */
export function QueryErrorView({ query }: { query: Query }) {
  const info = queryErrorObject(query);
  const errorType = info.errors?.[0]?.error_type;
  return (
    <Flex
      vertical
      gap={8}
      style={{ padding: 12 }}
      // An engine's message over several lines (LINE 1: ... and a caret under the column) keeps them.
      className={info.error.includes('\n') ? 'sqllab-error-multiline' : undefined}
      data-testid="sqllab-query-error"
    >
      <ErrorAlert
        error={info}
        title={query.state === 'timed_out' ? 'The query timed out' : 'Database error'}
        testId="sqllab-query-error-alert"
      />
      {errorType && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Error type <Tag style={{ fontSize: 11 }}>{errorType}</Tag>
        </Typography.Text>
      )}
    </Flex>
  );
}
