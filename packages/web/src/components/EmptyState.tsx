import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  image?: ReactNode;
  testId?: string;
}

/** What a page shows when it has nothing yet: what belongs here, and how to add the first one. */
export function EmptyState({
  title,
  description,
  action,
  image,
  testId = 'empty-state',
}: EmptyStateProps) {
  return (
    <Empty
      data-testid={testId}
      image={image ?? Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '32px 16px' }}
      description={
        <div>
          <Typography.Text strong style={{ fontSize: 15 }}>
            {title}
          </Typography.Text>
          {description && (
            <Typography.Paragraph type="secondary" style={{ margin: '6px auto 0', maxWidth: 420 }}>
              {description}
            </Typography.Paragraph>
          )}
        </div>
      }
    >
      {action}
    </Empty>
  );
}
