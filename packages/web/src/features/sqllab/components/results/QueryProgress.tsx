import { ClockCircleOutlined } from '@ant-design/icons';
import { isActiveQueryState } from '@tessera/shared/api/sqllab';
import { Flex, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { Query } from '../../state/types.ts';
import { formatDuration } from './duration.ts';

/** Milliseconds the run has taken: ticking while it is active, fixed once it ended. */
export function useElapsed(query: Pick<Query, 'startDttm' | 'endDttm' | 'state'> | null): number {
  const active = query ? isActiveQueryState(query.state) : false;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [active]);
  if (!query) return 0;
  const end = query.endDttm ?? (active ? now : Date.now());
  return Math.max(0, end - query.startDttm);
}

export function ElapsedTime({ query }: { query: Query }) {
  const elapsed = useElapsed(query);
  return (
    <Typography.Text
      type="secondary"
      style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
      data-testid="sqllab-elapsed"
    >
      <ClockCircleOutlined /> {formatDuration(elapsed)}
    </Typography.Text>
  );
}

const STAGE: Record<string, string> = {
  pending: 'Waiting for a worker…',
  started: 'Starting…',
  scheduled: 'Scheduled…',
  running: 'Running query…',
  fetching: 'Fetching results…',
};

/** Progress of an active run: the bar (the engine's progress), its stage, the time so far. */
export function QueryProgress({ query }: { query: Query }) {
  const percent = Math.max(0, Math.min(100, Math.round(query.progress ?? 0)));
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={10}
      style={{ height: '100%', minHeight: 140 }}
      data-testid="sqllab-query-progress"
    >
      <Progress
        percent={percent}
        status="active"
        style={{ width: 320 }}
        data-testid="sqllab-progress"
      />
      <Flex gap={12} align="center">
        <Typography.Text type="secondary">{STAGE[query.state] ?? 'Working…'}</Typography.Text>
        <ElapsedTime query={query} />
      </Flex>
      {typeof query.extra?.progress === 'string' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {query.extra.progress}
        </Typography.Text>
      )}
    </Flex>
  );
}
