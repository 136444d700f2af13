import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
  MinusCircleOutlined,
  PauseCircleOutlined,
} from '@ant-design/icons';
import type { ReportState } from '@tessera/shared/reports/schemas';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

const LOOK: Record<ReportState, { color: string; icon: ReactNode }> = {
  Success: { color: 'success', icon: <CheckCircleFilled /> },
  Error: { color: 'error', icon: <CloseCircleFilled /> },
  Working: { color: 'processing', icon: <LoadingOutlined /> },
  'Not triggered': { color: 'default', icon: <MinusCircleOutlined /> },
  'On Grace': { color: 'warning', icon: <PauseCircleOutlined /> },
};

/** When something happened, as the log and the list show it. */
export function formatStamp(stamp: string | null | undefined): string {
  return stamp ? dayjs(stamp).format('YYYY-MM-DD HH:mm:ss') : '–';
}

/** A run's state as a coloured tag; `never` when the report has not run yet. */
export function ReportStateTag({
  state,
  at,
  testId = 'report-state',
}: {
  state: ReportState;
  at?: string | null;
  testId?: string;
}) {
  const neverRan = at === null;
  const look = neverRan ? { color: 'default', icon: <ClockCircleOutlined /> } : LOOK[state];
  const tag = (
    <Tag
      color={look.color}
      icon={look.icon}
      bordered={false}
      data-testid={testId}
      data-state={neverRan ? 'never' : state}
    >
      {neverRan ? 'Not run yet' : state}
    </Tag>
  );
  return at ? <Tooltip title={`Last run ${formatStamp(at)}`}>{tag}</Tooltip> : tag;
}
