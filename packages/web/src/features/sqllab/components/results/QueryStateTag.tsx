import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';

const LOOKS: Record<string, { color: string; label: string; icon: React.ReactNode }> = {
  success: { color: 'success', label: 'Success', icon: <CheckCircleFilled /> },
  failed: { color: 'error', label: 'Failed', icon: <CloseCircleFilled /> },
  timed_out: { color: 'error', label: 'Timed out', icon: <CloseCircleFilled /> },
  stopped: { color: 'warning', label: 'Stopped', icon: <StopOutlined /> },
  running: { color: 'processing', label: 'Running', icon: <LoadingOutlined /> },
  fetching: { color: 'processing', label: 'Fetching', icon: <LoadingOutlined /> },
  pending: { color: 'default', label: 'Pending', icon: <ClockCircleOutlined /> },
  started: { color: 'default', label: 'Started', icon: <ClockCircleOutlined /> },
  scheduled: { color: 'default', label: 'Scheduled', icon: <ClockCircleOutlined /> },
};

/** A run's state as a coloured tag (spec section 4's states). */
export function QueryStateTag({ state }: { state: string }) {
  const look = LOOKS[state] ?? { color: 'default', label: state, icon: null };
  return (
    <Tag
      color={look.color}
      icon={look.icon}
      style={{ marginInlineEnd: 0 }}
      data-testid="query-state"
      data-state={state}
    >
      {look.label}
    </Tag>
  );
}
