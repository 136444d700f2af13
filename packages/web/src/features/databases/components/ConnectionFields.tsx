import { Checkbox, Col, Form, Input, InputNumber, Row } from 'antd';
import { type ConnectionField, fieldSpans } from '../connectionForm.ts';

/** The engine's generated form: one input per parameter, named `parameters.<name>`. */
export function ConnectionFields({ fields }: { fields: ConnectionField[] }) {
  const spans = fieldSpans(fields);
  return (
    <Row gutter={12} data-testid="connection-fields">
      {fields.map((field, index) => {
        const name = ['parameters', field.name];
        const testId = `connection-field-${field.name}`;
        const rules = field.required
          ? [{ required: true, message: `${field.label} is required` }]
          : undefined;
        if (field.kind === 'boolean') {
          return (
            <Col key={field.name} span={spans[index]}>
              <Form.Item name={name} valuePropName="checked" extra={field.description}>
                <Checkbox data-testid={testId}>{field.label}</Checkbox>
              </Form.Item>
            </Col>
          );
        }
        return (
          <Col key={field.name} span={spans[index]}>
            <Form.Item
              name={name}
              label={field.label}
              rules={rules}
              extra={field.description}
              required={field.required}
            >
              {field.kind === 'number' ? (
                <InputNumber
                  style={{ width: '100%' }}
                  placeholder={field.placeholder}
                  data-testid={testId}
                  precision={0}
                />
              ) : field.kind === 'password' ? (
                <Input.Password
                  placeholder={field.placeholder}
                  autoComplete="new-password"
                  data-testid={testId}
                />
              ) : (
                <Input placeholder={field.placeholder} autoComplete="off" data-testid={testId} />
              )}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
