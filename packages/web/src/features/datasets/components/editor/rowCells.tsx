import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { SqlTextArea } from './SqlTextArea.tsx';

/** The SQL expression of a calculated column or metric, with the engine's refusal under it. */
export function ExpressionCell(props: {
  value: string;
  placeholder: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <Flex vertical gap={4}>
      <SqlTextArea
        autoSize={{ minRows: 2, maxRows: 8 }}
        value={props.value}
        placeholder={props.placeholder}
        status={props.problem ? 'error' : undefined}
        onChange={props.onChange}
        data-testid={props.testId}
        aria-label="SQL expression"
      />
      {props.problem && (
        <Typography.Text
          type="danger"
          style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}
          data-testid="row-error"
        >
          {props.problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The delete button at the end of an editable row. */
export function RemoveRowButton(props: { onRemove: () => void; testId: string; label: string }) {
  return (
    <Tooltip title="Delete">
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        onClick={props.onRemove}
        data-testid={props.testId}
        aria-label={props.label}
      />
    </Tooltip>
  );
}
