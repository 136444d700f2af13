import { Flex, Tooltip, Typography } from 'antd';

export interface LastModifiedProps {
  /** Superset's `changed_on_delta_humanized`, e.g. "3 hours ago". */
  age: string;
  changedOnUtc: string;
  changedByName?: string | null;
}

/** A list's "Last modified" cell: how long ago (exact time on hover) and by whom. */
export function LastModified({ age, changedOnUtc, changedByName }: LastModifiedProps) {
  return (
    <Flex vertical>
      <Tooltip title={new Date(changedOnUtc).toLocaleString()}>
        <span>{age}</span>
      </Tooltip>
      {changedByName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          by {changedByName}
        </Typography.Text>
      )}
    </Flex>
  );
}
