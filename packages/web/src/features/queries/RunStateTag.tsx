import { UNKNOWN_ERROR } from '@tessera/shared/clientErrors';
import { Popover, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { queryHistoryApi } from './queryHistoryApi.ts';

const STATE_COLORS: Record<string, string> = {
  success: 'success',
  failed: 'error',
  timed_out: 'error',
  stopped: 'warning',
  running: 'processing',
  fetching: 'processing',
};

/** `timed_out` -> `Timed out`. */
export function stateLabel(state: string): string {
  const words = state.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A run's state. A run that ended in an error shows that error on hover: the list answers
 * Superset's list columns, which leave the message out, so it is read from the run itself.
 */
export function RunStateTag({ id, status }: { id: number; status: string }) {
  const [error, setError] = useState<string | null | undefined>(undefined);
  const tag = (
    <Tag color={STATE_COLORS[status] ?? 'default'} data-testid="history-state" data-state={status}>
      {stateLabel(status)}
    </Tag>
  );
  if (status !== 'failed' && status !== 'timed_out') return tag;
  const load = (open: boolean) => {
    if (!open || error !== undefined) return;
    queryHistoryApi.get(id).then(
      (answer) => setError(answer.result.error_message),
      () => setError(null),
    );
  };
  return (
    <Popover
      onOpenChange={load}
      content={
        error === undefined ? (
          <Spin size="small" />
        ) : (
          <Typography.Text
            type="danger"
            style={{ whiteSpace: 'pre-wrap', maxWidth: 480, display: 'block' }}
            data-testid="history-error"
          >
            {error ?? UNKNOWN_ERROR}
          </Typography.Text>
        )
      }
    >
      {tag}
    </Popover>
  );
}
