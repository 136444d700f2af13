import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}

/** The title row of a page: what it is, one line about it, and its main actions on the right. */
export function PageHeader({ title, subtitle, icon, actions }: PageHeaderProps) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 20 }}>
      <Flex align="center" gap={14}>
        {icon && (
          <div
            style={{
              width: 40,
              height: 40,
              borderRadius: 10,
              display: 'grid',
              placeItems: 'center',
              fontSize: 20,
              color: token.colorPrimary,
              background: token.colorPrimaryBg,
            }}
          >
            {icon}
          </div>
        )}
        <div>
          <Typography.Title level={3} style={{ margin: 0, fontWeight: 600 }}>
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {subtitle}
            </Typography.Text>
          )}
        </div>
      </Flex>
      {actions && <Flex gap={8}>{actions}</Flex>}
    </Flex>
  );
}
