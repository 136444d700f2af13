import {
  CaretRightOutlined,
  DashboardOutlined,
  FormatPainterOutlined,
  FunctionOutlined,
  LinkOutlined,
  SaveOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { queryLimitOptions } from '@tessera/shared/api/sqllab';
import { Button, Divider, Flex, Select, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';

const MOD_KEY =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
const countFormat = new Intl.NumberFormat('en-US');

export interface EditorToolbarProps {
  /** Whether a database is chosen (nothing runs without one). */
  canRun: boolean;
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
  onTemplateParams(): void;
  onSave(): void;
  onShare(): void;
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
            style={{ width: 96 }}
            data-testid="sqllab-limit"
            aria-label="Row limit"
          />
        </Flex>
      </Space>
      <Space size={4} wrap split={<Divider orientation="vertical" style={{ margin: 0 }} />}>
        <Space size={4}>
          <Tooltip title="Estimate the cost of the query">
            <Button
              type="text"
              icon={<DashboardOutlined />}
              disabled={!props.canRun}
              onClick={props.onEstimate}
              data-testid="sqllab-estimate"
            >
              Estimate
            </Button>
          </Tooltip>
          <Tooltip title="Template parameters (JSON)">
            <Button
              type="text"
              icon={<FunctionOutlined />}
              onClick={props.onTemplateParams}
              data-testid="sqllab-template-params"
            >
              Parameters{props.hasTemplateParams ? ' •' : ''}
            </Button>
          </Tooltip>
          <Tooltip title="Format SQL (Ctrl+Shift+F)">
            <Button
              type="text"
              icon={<FormatPainterOutlined />}
              loading={props.formatting}
              onClick={props.onFormat}
              data-testid="sqllab-format"
            >
              Format
            </Button>
          </Tooltip>
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
        </Space>
      </Space>
    </Flex>
  );
}
