import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ControlFieldProps {
  name: string;
  label: string;
  description?: string;
  errors?: readonly string[];
  /** Checkboxes carry their label themselves: the description sits beside them instead. */
  inline?: boolean;
  children: ReactNode;
}

/** A control's frame: label, description tooltip, and its validation errors in red under it. */
export function ControlField({
  name,
  label,
  description,
  errors,
  inline,
  children,
}: ControlFieldProps) {
  const hasErrors = !!errors && errors.length > 0;
  return (
    <div
      className="explore-control"
      data-testid={`control-${name}`}
      data-has-errors={hasErrors || undefined}
      style={{ marginBottom: 12, minWidth: 0 }}
    >
      {!inline && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginBottom: 4 }}>
          <Typography.Text
            strong
            type={hasErrors ? 'danger' : undefined}
            data-testid={`control-label-${name}`}
            style={{ fontSize: 12 }}
          >
            {label}
          </Typography.Text>
          {description && (
            <Tooltip title={description}>
              <InfoCircleOutlined
                data-testid={`control-description-${name}`}
                aria-label={description}
                style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}
              />
            </Tooltip>
          )}
        </div>
      )}
      {inline ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          {children}
          {description && (
            <Tooltip title={description}>
              <InfoCircleOutlined
                data-testid={`control-description-${name}`}
                aria-label={description}
                style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}
              />
            </Tooltip>
          )}
        </div>
      ) : (
        children
      )}
      {hasErrors && (
        <div data-testid={`control-errors-${name}`} role="alert">
          {errors.map((error) => (
            <Typography.Text key={error} type="danger" style={{ display: 'block', fontSize: 12 }}>
              {error}
            </Typography.Text>
          ))}
        </div>
      )}
    </div>
  );
}
