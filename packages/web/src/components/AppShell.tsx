import {
  BgColorsOutlined,
  DownOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Layout, Menu, type MenuProps, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';

export interface ShellLink {
  key: string;
  label: string;
  path: string;
  icon?: ReactNode;
  testId: string;
}

export interface AppShellProps {
  navItems: ShellLink[];
  /** Administration pages listed under Settings (users, roles). */
  settingsItems: ShellLink[];
  activeKey?: string;
  userName: string;
  userDetail?: string;
  themeMode: 'light' | 'dark';
  onToggleTheme: () => void;
  logoutHref: string;
  version?: string;
  children: ReactNode;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A menu entry that navigates inside the app. */
function linkItem(item: ShellLink) {
  return {
    key: item.key,
    icon: item.icon,
    label: (
      <Link to={item.path} data-testid={item.testId}>
        {item.label}
      </Link>
    ),
  };
}

/** The frame of every signed-in page: brand, top navigation, settings menu, content. */
export function AppShell(props: AppShellProps) {
  const { token } = theme.useToken();
  const dark = props.themeMode === 'dark';

  const menuItems: MenuProps['items'] = props.navItems.map(linkItem);

  const settingsMenu: MenuProps['items'] = [
    {
      key: 'user',
      type: 'group',
      label: (
        <div data-testid="nav-user" style={{ lineHeight: 1.4, padding: '2px 0' }}>
          <div style={{ color: token.colorText, fontWeight: 600 }}>{props.userName}</div>
          {props.userDetail && <div style={{ fontSize: 12 }}>{props.userDetail}</div>}
        </div>
      ),
    },
    ...(props.settingsItems.length > 0
      ? [
          { type: 'divider' as const },
          {
            key: 'manage',
            type: 'group' as const,
            label: 'Security',
            children: props.settingsItems.map(linkItem),
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: <span data-testid="settings-theme">{dark ? 'Light theme' : 'Dark theme'}</span>,
      onClick: props.onToggleTheme,
    },
    ...(props.version
      ? [
          {
            key: 'about',
            icon: <InfoCircleOutlined />,
            disabled: true,
            label: `Tessera ${props.version}`,
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: (
        <a href={props.logoutHref} data-testid="nav-logout">
          Log out
        </a>
      ),
    },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        data-testid="app-header"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 24,
          position: 'sticky',
          top: 0,
          zIndex: 100,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: dark ? 'none' : '0 1px 2px rgba(15, 23, 42, 0.04)',
        }}
      >
        <Link to="/" data-testid="nav-brand" style={{ display: 'flex' }}>
          <Logo size={28} />
        </Link>
        <Menu
          mode="horizontal"
          data-testid="main-nav"
          selectedKeys={props.activeKey ? [props.activeKey] : []}
          items={menuItems}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
        <Flex align="center" gap={8}>
          <Tooltip title={dark ? 'Switch to light theme' : 'Switch to dark theme'}>
            <Button
              type="text"
              shape="circle"
              data-testid="theme-toggle"
              aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
              icon={dark ? <SunOutlined /> : <MoonOutlined />}
              onClick={props.onToggleTheme}
            />
          </Tooltip>
          <Dropdown menu={{ items: settingsMenu }} trigger={['click']} placement="bottomRight">
            <Button type="text" data-testid="nav-settings" style={{ height: 40, paddingInline: 8 }}>
              <Flex align="center" gap={8}>
                <SettingOutlined />
                <span>Settings</span>
                {/* A plain circle: antd's Avatar measures its text after layout to scale it. */}
                <span
                  aria-hidden
                  style={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    width: 26,
                    height: 26,
                    borderRadius: '50%',
                    background: token.colorPrimary,
                    color: '#fff',
                    fontSize: 12,
                  }}
                >
                  {initials(props.userName)}
                </span>
                <DownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
              </Flex>
            </Button>
          </Dropdown>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: '24px 28px 40px' }}>
        <div style={{ maxWidth: 1440, margin: '0 auto' }}>{props.children}</div>
      </Layout.Content>
    </Layout>
  );
}
