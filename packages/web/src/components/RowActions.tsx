import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface RowAction {
  /** Accessible name of the icon button; also its tooltip unless `tooltip` says otherwise. */
  label: string;
  icon: ReactNode;
  testId: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Tooltip text when it differs from the label (e.g. why the action is disabled). */
  tooltip?: string;
}

/** The icon buttons at the end of a list row (edit, delete, ...), each with its tooltip. */
export function RowActions({ actions, testId }: { actions: RowAction[]; testId?: string }) {
  return (
    <Flex gap={2} justify="flex-end" data-testid={testId}>
      {actions.map((action) => (
        <Tooltip key={action.testId} title={action.tooltip ?? action.label}>
          <Button
            type="text"
            danger={action.danger}
            icon={action.icon}
            aria-label={action.label}
            data-testid={action.testId}
            disabled={action.disabled}
            onClick={action.onClick}
          />
        </Tooltip>
      ))}
    </Flex>
  );
}
