import {
  CaretRightOutlined,
  DashboardOutlined,
  FormatPainterOutlined,
  FunctionOutlined,
  LinkOutlined,
  SaveOutlined,
  ScheduleOutlined,
  StopOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { queryLimitOptions } from '@tessera/shared/api/sqllab';
import { Button, Divider, Flex, Select, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MOD_KEY, ShortcutsButton } from './ShortcutsButton.tsx';

const countFormat = new Intl.NumberFormat('en-US');

export interface EditorToolbarProps {
  /** Whether a database is chosen (nothing runs without one). */
  canRun: boolean;
  /** The database's `allows_cost_estimate`: Estimate is offered only then. */
  canEstimate: boolean;
  /** The database's allow_ctas or allow_cvas: CREATE TABLE/VIEW AS is offered only then. */
  canCtas?: boolean;
  running: boolean;
  hasSelection: boolean;
  queryLimit: number;
  maxRow: number;
  /** Saved query this tab belongs to: Save then offers Update. */
  remoteId: number | null;
  hasTemplateParams: boolean;
  formatting: boolean;
  /** Shown at the left when the tab has no left bar to pick a database in. */
  databasePicker?: ReactNode;
  onRun(): void;
  onStop(): void;
  onLimitChange(limit: number): void;
  onFormat(): void;
  onEstimate(): void;
  onCtas?(): void;
  onTemplateParams(): void;
  onSave(): void;
  /** A saved query's "Schedule" (a report of its rows); absent when it cannot be scheduled. */
  onSchedule?(): void;
  onShare(): void;
}

/** One of the tab's text-button tools, with its tooltip. */
function ToolButton(props: {
  tip: string;
  icon: ReactNode;
  testId: string;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.tip}>
      <Button
        type="text"
        icon={props.icon}
        disabled={props.disabled}
        loading={props.loading}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

/** Run/stop, row limit, and the tab's tools: estimate, parameters, format, save, share. */
export function EditorToolbar(props: EditorToolbarProps) {
  const limitOptions = queryLimitOptions(props.maxRow).map((value) => ({
    value,
    label: countFormat.format(value),
  }));
  const runLabel = props.hasSelection ? 'Run selection' : 'Run';

  return (
    <Flex
      align="center"
      justify="space-between"
      gap={8}
      wrap
      data-testid="sqllab-toolbar"
      style={{ padding: '8px 12px' }}
    >
      <Space size={8} wrap>
        {props.databasePicker}
        {props.running ? (
          <Button
            danger
            type="primary"
            icon={<StopOutlined />}
            onClick={props.onStop}
            data-testid="sqllab-stop"
          >
            Stop
          </Button>
        ) : (
          <Tooltip title={`${runLabel} (${MOD_KEY}+Enter)`}>
            <Button
              type="primary"
              icon={<CaretRightOutlined />}
              disabled={!props.canRun}
              onClick={props.onRun}
              data-testid="sqllab-run"
            >
              {runLabel}
            </Button>
          </Tooltip>
        )}
        <Flex align="center" gap={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Limit
          </Typography.Text>
          <Select
            size="middle"
            value={props.queryLimit}
            options={limitOptions}
            onChange={(value: number) => props.onLimitChange(value)}
            popupMatchSelectWidth={false}
            style={{ width: 120 }}
            data-testid="sqllab-limit"
            aria-label="Row limit"
          />
        </Flex>
      </Space>
      <Space size={4} wrap split={<Divider orientation="vertical" style={{ margin: 0 }} />}>
        <Space size={4}>
          {props.canEstimate && (
            <ToolButton
              tip="Estimate the cost of the query"
              icon={<DashboardOutlined />}
              disabled={!props.canRun}
              onClick={props.onEstimate}
              testId="sqllab-estimate"
            >
              Estimate
            </ToolButton>
          )}
          {props.canCtas && (
            <ToolButton
              tip="Run the query into a new table or view"
              icon={<TableOutlined />}
              disabled={!props.canRun || props.running}
              onClick={props.onCtas}
              testId="sqllab-ctas"
            >
              Create as
            </ToolButton>
          )}
          <ToolButton
            tip="Template parameters (JSON)"
            icon={<FunctionOutlined />}
            onClick={props.onTemplateParams}
            testId="sqllab-template-params"
          >
            Parameters{props.hasTemplateParams ? ' •' : ''}
          </ToolButton>
          <ToolButton
            tip="Format SQL (Ctrl+Shift+F)"
            icon={<FormatPainterOutlined />}
            loading={props.formatting}
            onClick={props.onFormat}
            testId="sqllab-format"
          >
            Format
          </ToolButton>
        </Space>
        <Space size={4}>
          <Button
            icon={<SaveOutlined />}
            disabled={!props.canRun}
            onClick={props.onSave}
            data-testid="sqllab-save"
          >
            Save
          </Button>
          {props.onSchedule && (
            <Tooltip title="Send this saved query's results on a schedule">
              <Button
                icon={<ScheduleOutlined />}
                onClick={props.onSchedule}
                data-testid="sqllab-schedule"
              >
                Schedule
              </Button>
            </Tooltip>
          )}
          <Tooltip title="Copy a link to this query">
            <Button
              icon={<LinkOutlined />}
              disabled={!props.canRun}
              onClick={props.onShare}
              data-testid="sqllab-copy-link"
            >
              Share
            </Button>
          </Tooltip>
          <ShortcutsButton />
        </Space>
      </Space>
    </Flex>
  );
}
