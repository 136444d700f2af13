import { DatabaseFilled } from '@ant-design/icons';

/** A colour per engine family so the picker and the list are easy to scan. */
const ENGINE_COLORS: Record<string, string> = {
  postgresql: '#336791',
  mysql: '#00758f',
  mariadb: '#c0765a',
  duckdb: '#d9a400',
  sqlite: '#0f80cc',
  clickhouse: '#e5b800',
  trino: '#dd00a1',
};

export function engineColor(engine: string): string {
  return ENGINE_COLORS[engine.toLowerCase()] ?? '#64748b';
}

export function EngineIcon({ engine, size = 22 }: { engine: string; size?: number }) {
  const color = engineColor(engine);
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        width: size * 1.8,
        height: size * 1.8,
        borderRadius: 10,
        background: `${color}1f`,
        color,
        fontSize: size,
        flex: 'none',
      }}
    >
      <DatabaseFilled />
    </span>
  );
}
