import { ApiOutlined } from '@ant-design/icons';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Alert, Button, Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

export type TestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'success' }
  | { status: 'error'; error: ClientErrorObject };

export const CONNECTION_OK_MESSAGE = 'Connection looks good!';

/** The "Test connection" button and what the last test said. */
export function TestConnection({ state, onTest }: { state: TestState; onTest: () => void }) {
  const resultRef = useRef<HTMLDivElement>(null);
  // The answer often lands below the fold of a long form: bring it into view.
  useEffect(() => {
    if (state.status === 'success' || state.status === 'error') {
      resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [state.status]);
  return (
    <Flex vertical gap={12} style={{ marginTop: 4 }} ref={resultRef}>
      <div>
        <Button
          icon={<ApiOutlined />}
          onClick={onTest}
          loading={state.status === 'testing'}
          data-testid="test-connection"
        >
          Test connection
        </Button>
      </div>
      {state.status === 'success' && (
        <div data-testid="test-connection-result" data-status="success">
          <Alert type="success" showIcon title={CONNECTION_OK_MESSAGE} />
        </div>
      )}
      {state.status === 'error' && (
        <div data-testid="test-connection-result" data-status="error">
          <ErrorAlert error={state.error} testId="test-connection-error" />
        </div>
      )}
    </Flex>
  );
}
