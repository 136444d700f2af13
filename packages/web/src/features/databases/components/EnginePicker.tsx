import { LinkOutlined } from '@ant-design/icons';
import type { AvailableEngine } from '@tessera/shared/api/databases';
import { Button, Flex, Skeleton, Typography, theme } from 'antd';
import { EngineIcon } from './EngineIcon.tsx';

export interface EnginePickerProps {
  engines: AvailableEngine[] | undefined;
  loading: boolean;
  onPick: (engine: AvailableEngine) => void;
  /** Connect with a SQLAlchemy URI without choosing an engine first. */
  onPickUri: () => void;
}

/** Step 1 of the connection modal: which kind of database. */
export function EnginePicker({ engines, loading, onPick, onPickUri }: EnginePickerProps) {
  const { token } = theme.useToken();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const sorted = [...(engines ?? [])].sort(
    (a, b) => Number(b.preferred) - Number(a.preferred) || a.name.localeCompare(b.name),
  );
  return (
    <div data-testid="engine-picker">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Select a database to connect
      </Typography.Title>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
          gap: 12,
          marginBottom: 20,
        }}
      >
        {sorted.map((engine) => (
          <button
            type="button"
            key={engine.engine}
            data-testid={`engine-option-${engine.engine}`}
            onClick={() => onPick(engine)}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 10,
              padding: '18px 12px',
              borderRadius: token.borderRadiusLG,
              border: `1px solid ${token.colorBorder}`,
              background: token.colorBgContainer,
              color: token.colorText,
              cursor: 'pointer',
              font: 'inherit',
              transition: 'border-color 0.15s, box-shadow 0.15s',
            }}
            onMouseEnter={(event) => {
              event.currentTarget.style.borderColor = token.colorPrimary;
              event.currentTarget.style.boxShadow = token.boxShadowTertiary;
            }}
            onMouseLeave={(event) => {
              event.currentTarget.style.borderColor = token.colorBorder;
              event.currentTarget.style.boxShadow = 'none';
            }}
          >
            <EngineIcon engine={engine.engine} />
            <span style={{ fontWeight: 600 }}>{engine.name}</span>
          </button>
        ))}
      </div>
      <Flex
        align="center"
        justify="space-between"
        gap={12}
        style={{
          padding: '12px 14px',
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
        }}
      >
        <Typography.Text type="secondary">
          Know the connection string already? Connect with a SQLAlchemy URI instead.
        </Typography.Text>
        <Button icon={<LinkOutlined />} onClick={onPickUri} data-testid="engine-option-uri">
          Use a URI
        </Button>
      </Flex>
    </div>
  );
}
