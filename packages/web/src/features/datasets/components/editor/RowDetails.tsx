import { Col, Form, Input, Row } from 'antd';
import type { ReactNode } from 'react';

export interface RowDetailsValue {
  description: string;
  certified_by: string;
  certification_details: string;
}

export interface RowDetailsProps<T extends RowDetailsValue> {
  value: T;
  onChange: (patch: Partial<T>) => void;
  /** The warning field: a column keeps markdown in `extra`, a metric its `warning_text`. */
  warning: { field: keyof T & string; value: string };
  /** Fields of this kind of row, shown first. */
  children?: ReactNode;
  testIdPrefix: string;
}

/** The expanded part of a column or metric row: description, warning and certification. */
export function RowDetails<T extends RowDetailsValue>({
  value,
  onChange,
  warning,
  children,
  testIdPrefix,
}: RowDetailsProps<T>) {
  return (
    <Form layout="vertical" component="div" style={{ padding: '4px 8px 0' }}>
      <Row gutter={16}>
        {children}
        <Col span={12}>
          <Form.Item label="Description">
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={value.description}
              onChange={(event) => onChange({ description: event.target.value } as Partial<T>)}
              data-testid={`${testIdPrefix}-description`}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Warning" extra="Shown beside the name wherever it is picked.">
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={warning.value}
              onChange={(event) => onChange({ [warning.field]: event.target.value } as Partial<T>)}
              data-testid={`${testIdPrefix}-warning`}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Certified by">
            <Input
              value={value.certified_by}
              placeholder="e.g. Data team"
              onChange={(event) => onChange({ certified_by: event.target.value } as Partial<T>)}
              data-testid={`${testIdPrefix}-certified-by`}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Certification details">
            <Input
              value={value.certification_details}
              onChange={(event) =>
                onChange({ certification_details: event.target.value } as Partial<T>)
              }
              data-testid={`${testIdPrefix}-certification-details`}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
