import type { ChartMetadata } from '@tessera/shared/viz/types';
import { Flex, Tag, Typography, theme } from 'antd';
import { ChartThumbnail } from './ChartThumbnail.tsx';

/** One chart type in the gallery: its drawing and name; click chooses, double click selects. */
export function ChartTypeTile({
  type,
  selected,
  onSelect,
  onPick,
}: {
  type: ChartMetadata;
  selected: boolean;
  onSelect: () => void;
  onPick: () => void;
}) {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      onClick={onSelect}
      onDoubleClick={onPick}
      aria-pressed={selected}
      title={type.description}
      data-testid="viz-type-option"
      data-viz-type={type.key}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 6,
        padding: 6,
        cursor: 'pointer',
        font: 'inherit',
        color: token.colorText,
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
        border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: selected ? `0 0 0 1px ${token.colorPrimary}` : undefined,
      }}
    >
      <ChartThumbnail vizType={type.key} width={108} height={72} />
      <span
        style={{
          fontSize: 12,
          fontWeight: selected ? 600 : 500,
          lineHeight: 1.3,
          textAlign: 'center',
          minHeight: 32,
          display: 'flex',
          alignItems: 'center',
        }}
      >
        {type.name}
      </span>
    </button>
  );
}

/** The chosen type described under the gallery: drawing, name, category, description, tags. */
export function ChartTypeDetails({ type }: { type: ChartMetadata }) {
  const { token } = theme.useToken();
  return (
    <Flex
      gap={16}
      align="flex-start"
      data-testid="viz-type-details"
      data-viz-type={type.key}
      style={{
        marginTop: 12,
        paddingTop: 12,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <ChartThumbnail vizType={type.key} width={156} height={104} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {type.name}
          </Typography.Title>
          <Tag bordered={false} color="processing">
            {type.category}
          </Tag>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 8px' }}>
          {type.description}
        </Typography.Paragraph>
        {type.tags?.length ? (
          <Flex wrap gap={4}>
            {type.tags.map((tag) => (
              <Tag key={tag} bordered={false} style={{ fontSize: 11, marginInlineEnd: 0 }}>
                {tag}
              </Tag>
            ))}
          </Flex>
        ) : null}
      </div>
    </Flex>
  );
}
