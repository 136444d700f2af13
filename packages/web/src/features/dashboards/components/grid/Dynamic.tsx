import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { DEFAULT_CHART_HEIGHT, GRID_BASE_UNIT } from '@tessera/shared/dashboard/position';
import { Flex, Typography, theme } from 'antd';
import { memo } from 'react';

/**
 * A DYNAMIC component: the place of an extension component. None is installed here, so it is
 * drawn as a labelled box of its size rather than dropped from the layout.
 */
export const Dynamic = memo(function Dynamic({ component }: { component: LayoutItem }) {
  const { token } = theme.useToken();
  const name = String(
    (component.meta as Record<string, unknown>).dashboardComponentId ?? component.meta.text ?? '',
  );
  return (
    <Flex
      align="center"
      justify="center"
      data-testid="dashboard-dynamic"
      data-component-id={component.id}
      style={{
        height: (component.meta.height ?? DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT,
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        margin: 8,
      }}
    >
      <Typography.Text type="secondary">
        {name ? `Extension component: ${name}` : 'Extension component'}
      </Typography.Text>
    </Flex>
  );
});
