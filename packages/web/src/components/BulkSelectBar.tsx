import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface BulkSelectBarProps {
  /** Prefix of the test ids: `<prefix>-bulk-bar`, `-bulk-count`, `-bulk-delete`. */
  testIdPrefix: string;
  count: number;
  /** Hidden when the user may not delete. */
  onDelete?: () => void;
  deleteDisabled?: boolean;
  onDeselect: () => void;
  /** More actions on the selection (export, ...), placed before Delete. */
  actions?: ReactNode;
}

/** The bar above a list in bulk-select mode: how many rows are selected and what to do with them. */
export function BulkSelectBar({
  testIdPrefix,
  count,
  onDelete,
  deleteDisabled,
  onDeselect,
  actions,
}: BulkSelectBarProps) {
  return (
    <Alert
      type="info"
      style={{ marginBottom: 12 }}
      data-testid={`${testIdPrefix}-bulk-bar`}
      title={
        <Flex align="center" gap={16}>
          <span data-testid={`${testIdPrefix}-bulk-count`}>{count} selected</span>
          {actions}
          {onDelete && (
            <Button
              size="small"
              danger
              disabled={count === 0 || deleteDisabled}
              onClick={onDelete}
              data-testid={`${testIdPrefix}-bulk-delete`}
            >
              Delete
            </Button>
          )}
          {count > 0 && <Typography.Link onClick={onDeselect}>Deselect all</Typography.Link>}
        </Flex>
      }
    />
  );
}
