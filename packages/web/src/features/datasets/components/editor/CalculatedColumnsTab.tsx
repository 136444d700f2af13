import { PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Table } from 'antd';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import type { ColumnDraft } from '../../editorState.ts';
import { RowDetails } from './RowDetails.tsx';
import { ExpressionCell, RemoveRowButton } from './rowCells.tsx';

export interface CalculatedColumnsTabProps {
  columns: ColumnDraft[];
  onChange: (key: string, patch: Partial<ColumnDraft>) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  problems: Record<string, string>;
  expandedKeys: string[];
  onExpandedKeysChange: (keys: string[]) => void;
}

/** Columns defined by a SQL expression over the dataset, checked by the engine on save. */
export function CalculatedColumnsTab(props: CalculatedColumnsTabProps) {
  const { columns, onChange, problems } = props;
  const addButton = (
    <Button icon={<PlusOutlined />} onClick={props.onAdd} data-testid="calculated-add">
      Add calculated column
    </Button>
  );
  if (columns.length === 0) {
    return (
      <EmptyState
        testId="calculated-empty"
        title="No calculated columns"
        description="A calculated column is a SQL expression over the dataset's columns, such as price * quantity or UPPER(country). Charts use it like any other column."
        action={addButton}
      />
    );
  }
  const flag = (field: 'is_dttm' | 'groupby' | 'filterable', label: string) => ({
    title: label,
    key: field,
    width: 92,
    align: 'center' as const,
    render: (_: unknown, column: ColumnDraft) => (
      <Checkbox
        checked={column[field]}
        onChange={(event) => onChange(column.key, { [field]: event.target.checked })}
        aria-label={label}
        data-testid={`calculated-${field}`}
      />
    ),
  });
  return (
    <Flex vertical gap={12} data-testid="editor-calculated">
      <Flex justify="flex-end">{addButton}</Flex>
      <Table<ColumnDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={columns}
        data-testid="calculated-table"
        expandable={{
          expandedRowKeys: props.expandedKeys,
          onExpandedRowsChange: (keys) => props.onExpandedKeysChange(keys.map(String)),
          expandedRowRender: (column) => (
            <RowDetails
              value={column}
              onChange={(patch) => onChange(column.key, patch)}
              warning={{ field: 'warning_markdown', value: column.warning_markdown }}
              testIdPrefix="calculated"
            />
          ),
        }}
        columns={[
          {
            title: 'Name',
            key: 'column_name',
            width: 200,
            render: (_, column) => (
              <Flex vertical gap={6}>
                <Input
                  value={column.column_name}
                  placeholder="column_name"
                  status={problems[column.key] && !column.column_name.trim() ? 'error' : undefined}
                  onChange={(event) => onChange(column.key, { column_name: event.target.value })}
                  data-testid="calculated-name"
                  aria-label="Column name"
                />
                <Input
                  size="small"
                  value={column.verbose_name}
                  placeholder="Label"
                  onChange={(event) => onChange(column.key, { verbose_name: event.target.value })}
                  data-testid="calculated-verbose-name"
                  aria-label="Label"
                />
              </Flex>
            ),
          },
          {
            title: 'SQL expression',
            key: 'expression',
            render: (_, column) => (
              <ExpressionCell
                value={column.expression}
                placeholder="e.g. price * quantity"
                problem={problems[column.key]}
                onChange={(value) => onChange(column.key, { expression: value })}
                testId="calculated-expression"
              />
            ),
          },
          {
            title: 'Type',
            key: 'type',
            width: 120,
            render: (_, column) => (
              <Input
                value={column.type}
                placeholder="optional"
                onChange={(event) => onChange(column.key, { type: event.target.value })}
                data-testid="calculated-type"
                aria-label="Type"
              />
            ),
          },
          flag('is_dttm', 'Temporal'),
          flag('groupby', 'Groupable'),
          flag('filterable', 'Filterable'),
          {
            key: 'remove',
            width: 48,
            render: (_, column) => (
              <RemoveRowButton
                onRemove={() => props.onRemove(column.key)}
                testId="calculated-remove"
                label="Delete calculated column"
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
