import { Flex, type TableColumnType, Tooltip, Typography } from 'antd';

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

/** The sortable "Last modified" column of an object list (charts, dashboards, datasets). */
export function lastModifiedColumn<
  Row extends { changed_on_utc: string; changed_by_name?: string | null },
>(): TableColumnType<Row> {
  return {
    title: 'Last modified',
    dataIndex: 'changed_on_delta_humanized',
    key: 'changed_on_delta_humanized',
    sorter: true,
    render: (age: string, row) => (
      <LastModified
        age={age}
        changedOnUtc={row.changed_on_utc}
        changedByName={row.changed_by_name}
      />
    ),
  };
}
