import { EditOutlined, MoreOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { type DashboardOwnership, isDashboardOwner } from '@tessera/shared/dashboard/permissions';
import { dashboardTitleOrUntitled } from '@tessera/shared/dashboard/save';
import { isAdmin, type UserWithRoles } from '@tessera/shared/permissions';
import {
  Button,
  Dropdown,
  Flex,
  Input,
  type MenuProps,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../../../app/store.ts';
import { CertifiedIcons } from '../../../datasets/components/CertifiedIcons.tsx';
import { isEmbedMenuKey, useEmbedMenu } from '../../../embedded/useEmbedMenu.tsx';
import { isReportMenuKey, useReportMenu } from '../../../reports/useReportMenu.tsx';
import { useDashboardPage } from '../../pageContext.ts';
import { refreshIntervalLabel } from '../../refresh.ts';
import { dashboardInfoChanged } from '../../state/dashboardInfoSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../../state/hooks.ts';
import { toggleFavorite, togglePublished } from '../../state/thunks.ts';

export type HeaderAction =
  | 'refresh'
  | 'fullscreen'
  | 'save_as'
  | 'download_image'
  | 'download_pdf'
  | 'share_copy'
  | 'share_email'
  | 'auto_refresh'
  | 'properties'
  | 'css';

const label = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;

/**
 * Save as needs can_write on Dashboard (`canSave`); with DASHBOARD_RBAC the server copies only
 * for owners and admins, since a copy would take the charts the source's roles grant.
 */
export function canCopyDashboard(
  user: UserWithRoles | null | undefined,
  dashboard: DashboardOwnership,
  flags: { DASHBOARD_RBAC: boolean },
): boolean {
  return !flags.DASHBOARD_RBAC || isAdmin(user) || isDashboardOwner(user, dashboard);
}

/** The "..." menu of the header; each entry hidden without its permission. */
export function headerMenuItems(options: {
  canEdit: boolean;
  canSave: boolean;
  canShare: boolean;
  canFullscreen: boolean;
  editMode: boolean;
  fullscreen: boolean;
  /** "Embed dashboard" (embedded/useEmbedMenu), absent without EMBEDDED_SUPERSET or edit rights. */
  embedItem?: NonNullable<MenuProps['items']>[number] | null;
  /** "Manage email reports" (reports/useReportMenu), absent when the user may not schedule. */
  reportItem?: NonNullable<MenuProps['items']>[number] | null;
}): MenuProps['items'] {
  const items: MenuProps['items'] = [];
  if (!options.editMode)
    items.push({ key: 'refresh', label: label('Refresh dashboard', 'dashboard-menu-refresh') });
  if (options.canFullscreen && !options.editMode) {
    items.push({
      key: 'fullscreen',
      label: label(
        options.fullscreen ? 'Exit fullscreen' : 'Enter fullscreen',
        'dashboard-menu-fullscreen',
      ),
    });
  }
  if (options.canSave)
    items.push({ key: 'save_as', label: label('Save as', 'dashboard-menu-save-as') });
  items.push({
    key: 'download',
    label: label('Download', 'dashboard-menu-download'),
    children: [
      { key: 'download_image', label: label('Download as image', 'dashboard-menu-download-image') },
      { key: 'download_pdf', label: label('Export to PDF', 'dashboard-menu-download-pdf') },
    ],
  });
  if (options.canShare) {
    items.push({
      key: 'share',
      label: label('Share', 'dashboard-menu-share'),
      children: [
        {
          key: 'share_copy',
          label: label('Copy permalink to clipboard', 'dashboard-menu-share-copy'),
        },
        {
          key: 'share_email',
          label: label('Share permalink by email', 'dashboard-menu-share-email'),
        },
      ],
    });
  }
  if (options.reportItem && !options.editMode) items.push(options.reportItem);
  if (options.embedItem && !options.editMode) items.push(options.embedItem);
  items.push({ type: 'divider' });
  items.push({
    key: 'auto_refresh',
    label: label('Set auto-refresh interval', 'dashboard-menu-auto-refresh'),
  });
  if (options.canEdit) {
    items.push({ key: 'properties', label: label('Edit properties', 'dashboard-menu-properties') });
    items.push({ key: 'css', label: label('Edit CSS', 'dashboard-menu-css') });
  }
  return items;
}

/** Title, favourite, published state, certification, edit/save buttons and the "..." menu. */
export function DashboardHeader({
  onAction,
  onEdit,
  onSave,
  onDiscard,
}: {
  onAction: (action: HeaderAction) => void;
  onEdit: () => void;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const dispatch = useDashboardDispatch();
  const { token } = theme.useToken();
  const { permissions, url } = useDashboardPage();
  const user = useAppSelector((s) => s.session.user);
  const rbac = useAppSelector((s) => s.session.common.feature_flags.DASHBOARD_RBAC ?? false);
  const info = useDashboardSelector((s) => s.dashboardInfo.info);
  const state = useDashboardSelector((s) => s.dashboardState);
  const [editingTitle, setEditingTitle] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const embed = useEmbedMenu(info?.id ?? null, permissions.canEdit);
  const reports = useReportMenu(
    info ? { kind: 'dashboard', id: info.id, name: info.dashboard_title } : null,
    menuOpen,
  );
  if (!info) return null;
  const { editMode, isStarred, isPublished, refreshFrequency, dashboardIsSaving } = state;
  const canSaveAs = permissions.canSave && canCopyDashboard(user, info, { DASHBOARD_RBAC: rbac });

  const title =
    editMode && editingTitle ? (
      <Input
        autoFocus
        defaultValue={info.dashboard_title}
        placeholder="Add the name of the dashboard"
        style={{ fontSize: 20, fontWeight: 600, maxWidth: 480 }}
        onBlur={(e) => {
          // The spec's save rule, shown at once: an empty title is never an empty heading.
          dispatch(
            dashboardInfoChanged({ dashboard_title: dashboardTitleOrUntitled(e.target.value) }),
          );
          setEditingTitle(false);
        }}
        onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
        data-testid="dashboard-title-input"
      />
    ) : (
      <Typography.Title
        level={3}
        style={{ margin: 0, cursor: editMode ? 'text' : undefined }}
        {...(editMode
          ? {
              role: 'button',
              tabIndex: 0,
              onClick: () => setEditingTitle(true),
              onKeyDown: (e: React.KeyboardEvent) => {
                if (e.key === 'Enter') setEditingTitle(true);
              },
            }
          : {})}
        data-testid="dashboard-title"
      >
        {/* A dashboard stored without a title (an import) shows what saving it would store. */}
        {dashboardTitleOrUntitled(info.dashboard_title)}
      </Typography.Title>
    );

  return (
    <Flex
      align="center"
      gap={10}
      wrap
      className="dashboard-header"
      data-testid="dashboard-header"
      style={{
        padding: '8px 0 12px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        marginBottom: 8,
        // While editing, Save and Discard stay in reach however far the layout scrolls.
        ...(editMode
          ? { position: 'sticky', top: 0, zIndex: 20, background: token.colorBgLayout }
          : {}),
      }}
    >
      {title}
      <CertifiedIcons
        certifiedBy={info.certified_by}
        certificationDetails={info.certification_details}
      />
      {/* Favourites are a signed-in user's (a guest of an embedded dashboard has none). */}
      {user && (
        <Button
          type="text"
          size="small"
          aria-label={isStarred ? 'Remove from favorites' : 'Add to favorites'}
          icon={isStarred ? <StarFilled style={{ color: '#fbc700' }} /> : <StarOutlined />}
          onClick={() => void dispatch(toggleFavorite())}
          data-testid="dashboard-star"
          data-starred={isStarred ? 'true' : 'false'}
        />
      )}
      <Tooltip
        title={
          permissions.canEdit
            ? isPublished
              ? 'Click to make it a draft'
              : 'Click to publish'
            : undefined
        }
      >
        <Tag
          color={isPublished ? 'green' : 'default'}
          style={{ cursor: permissions.canEdit ? 'pointer' : 'default' }}
          onClick={permissions.canEdit ? () => void dispatch(togglePublished()) : undefined}
          data-testid="dashboard-published"
          data-published={isPublished ? 'true' : 'false'}
        >
          {isPublished ? 'Published' : 'Draft'}
        </Tag>
      </Tooltip>
      {refreshFrequency > 0 && (
        <Tag bordered={false} data-testid="dashboard-refresh-tag">
          Auto-refresh: {refreshIntervalLabel(refreshFrequency)}
        </Tag>
      )}
      <div style={{ flex: 1 }} />
      {editMode ? (
        <>
          <Button onClick={onDiscard} data-testid="dashboard-discard">
            Discard
          </Button>
          <Button
            type="primary"
            loading={dashboardIsSaving}
            onClick={onSave}
            data-testid="dashboard-save"
          >
            Save
          </Button>
        </>
      ) : (
        permissions.canEdit && (
          <Button icon={<EditOutlined />} onClick={onEdit} data-testid="dashboard-edit">
            Edit dashboard
          </Button>
        )
      )}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={menuOpen}
        onOpenChange={(open, info) => {
          // A click on an entry closes the menu below; hovering sub-menus keeps it open.
          if (info.source === 'trigger') setMenuOpen(open);
        }}
        menu={{
          items: headerMenuItems({
            ...permissions,
            canSave: canSaveAs,
            editMode,
            fullscreen: url.hideNav,
            embedItem: embed.item,
            reportItem: reports.item,
          }),
          onClick: ({ key }) => {
            setMenuOpen(false);
            if (isEmbedMenuKey(key)) return;
            // The report entries act through their own handlers.
            if (isReportMenuKey(key)) return;
            onAction(key as HeaderAction);
          },
        }}
      >
        <Button
          icon={<MoreOutlined />}
          aria-label="More dashboard actions"
          data-testid="dashboard-menu"
        />
      </Dropdown>
      {embed.element}
      {reports.element}
    </Flex>
  );
}
