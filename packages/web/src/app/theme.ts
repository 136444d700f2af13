import { type ThemeConfig, theme } from 'antd';
import type { ThemeMode } from './themeSlice.ts';

/** Brand colour and the few tokens that give Tessera its look; everything else is antd's. */
const PALETTE = {
  light: {
    primary: '#1d4ed8',
    layout: '#f4f6fa',
    header: '#ffffff',
    container: '#ffffff',
    border: '#e3e8ef',
  },
  dark: {
    primary: '#4c8dff',
    layout: '#0d1117',
    header: '#161b22',
    container: '#161b22',
    border: '#2a313c',
  },
} as const;

export const FONT_FAMILY =
  "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export function antdTheme(mode: ThemeMode): ThemeConfig {
  const colors = PALETTE[mode];
  return {
    zeroRuntime: true,
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: colors.primary,
      colorInfo: colors.primary,
      colorBgLayout: colors.layout,
      colorBgContainer: colors.container,
      colorBorderSecondary: colors.border,
      borderRadius: 8,
      fontFamily: FONT_FAMILY,
      fontSize: 14,
    },
    components: {
      Layout: {
        headerBg: colors.header,
        headerHeight: 56,
        headerPadding: '0 20px',
        bodyBg: colors.layout,
      },
      Menu: {
        itemBg: 'transparent',
        horizontalLineHeight: '54px',
      },
      Table: {
        headerBg: mode === 'dark' ? '#1c222b' : '#f8fafc',
        headerSplitColor: 'transparent',
        rowHoverBg: mode === 'dark' ? '#1c2430' : '#f5f8ff',
      },
      Card: { headerFontSize: 15 },
    },
  };
}
