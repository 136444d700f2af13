import { Flex, theme } from 'antd';

/** Four tiles of a mosaic: the Tessera mark. */
export function LogoMark({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={token.colorPrimary} />
      <rect className="tessera-logo-tile" x="6" y="6" width="9" height="9" rx="2" fill="#fff" />
      <rect
        className="tessera-logo-tile"
        x="17"
        y="6"
        width="9"
        height="9"
        rx="2"
        fill="#fff"
        opacity="0.55"
      />
      <rect
        className="tessera-logo-tile"
        x="6"
        y="17"
        width="9"
        height="9"
        rx="2"
        fill="#fff"
        opacity="0.75"
      />
      <rect className="tessera-logo-tile" x="17" y="17" width="9" height="9" rx="2" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={10}>
      <LogoMark size={size} />
      <span
        style={{
          fontWeight: 700,
          fontSize: size * 0.64,
          letterSpacing: '-0.01em',
          color: token.colorText,
        }}
      >
        Tessera
      </span>
    </Flex>
  );
}
