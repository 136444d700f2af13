import { hasPermission } from '@tessera/shared/permissions';
import type { ReportListRow } from '@tessera/shared/reports/schemas';
import { App, Checkbox, type MenuProps } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { isAbortError } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
import { useToasts } from '../../app/useToasts.ts';
import { deleteConfirmation } from '../../components/lists/deleteConfirmation.ts';
import { ReportModal } from './components/ReportModal.tsx';
import { REPORT_MESSAGES } from './messages.ts';
import { creationMethodOf, type ReportTarget, reportsApi } from './reportsApi.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Keys of the entries this menu adds; a header's own click handler leaves them alone. */
export const REPORT_MENU_KEY_PREFIX = 'report_';
export const isReportMenuKey = (key: string) => key.startsWith(REPORT_MENU_KEY_PREFIX);

export interface ReportMenu {
  /** The "Manage email reports" submenu, or null when the user may not schedule reports. */
  item: MenuItem | null;
  /** The dialog it opens, to render beside the menu. */
  element: ReactNode;
  /** The user's report on this dashboard or chart, once known. */
  report: ReportListRow | null;
}

const label = (text: ReactNode, testId: string) => <span data-testid={testId}>{text}</span>;

/**
 * "Manage email reports" of a dashboard's header and a chart's menu in Explore, as Superset's
 * HeaderReportDropdown: set up a report when the user has none on it; otherwise switch it on or
 * off, edit it or delete it, with Superset's toasts when any of that fails.
 */
export function useReportMenu(
  target: (ReportTarget & { vizType?: string | null }) | null,
  /**
   * Whether the menu is open. The report is looked up the first time it opens rather than with
   * every dashboard or chart shown: most views never open the menu.
   */
  menuOpen: boolean,
): ReportMenu {
  const user = useAppSelector((s) => s.session.user);
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [report, setReport] = useState<ReportListRow | null>(null);
  const [editing, setEditing] = useState(false);
  const [token, setToken] = useState(0);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (menuOpen && !wanted) setWanted(true);
  const allowed = Boolean(target) && hasPermission(user, 'can_write', 'ReportSchedule');
  const userId = user?.userId;
  const kind = target?.kind;
  const id = target?.id;
  const name = target?.name ?? '';
  const fetchFailed =
    kind === 'chart' ? REPORT_MESSAGES.fetchChartFailed : REPORT_MESSAGES.fetchDashboardFailed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: token only asks again
  useEffect(() => {
    if (!wanted || !allowed || !kind || !id || userId === undefined) return;
    const controller = new AbortController();
    reportsApi
      .forTarget({ kind, id, name }, userId, controller.signal)
      .then((found) => {
        setReport(found);
        setLoaded(true);
      })
      .catch((failure: unknown) => {
        if (isAbortError(failure)) return;
        addDangerToast(fetchFailed);
        setLoaded(true);
      });
    return () => controller.abort();
  }, [wanted, allowed, kind, id, userId, token]);

  const refetch = useCallback(() => setToken((n) => n + 1), []);

  const toggle = async (current: ReportListRow) => {
    try {
      await reportsApi.setActive(current.id, !current.active);
    } catch {
      addDangerToast(REPORT_MESSAGES.toggleFailed);
    }
    refetch();
  };

  const remove = (current: ReportListRow) =>
    modal.confirm(
      deleteConfirmation({
        title: 'Delete Report?',
        content: `This action will permanently delete ${current.name}.`,
        onConfirm: async () => {
          try {
            await reportsApi.remove(current.id);
            setReport(null);
            addSuccessToast(REPORT_MESSAGES.deleted(current.name));
          } catch {
            addDangerToast(REPORT_MESSAGES.deleteFailed);
          }
        },
      }),
    );

  if (!allowed || !target) return { item: null, element: null, report };

  const children: MenuItem[] = !loaded
    ? [{ key: 'report_loading', disabled: true, label: label('Loading…', 'report-menu-loading') }]
    : report
      ? [
          {
            key: 'report_toggle',
            label: label(
              <>
                <Checkbox checked={report.active} style={{ marginRight: 8 }} />
                Email reports active
              </>,
              'report-menu-toggle',
            ),
            onClick: () => void toggle(report),
          },
          {
            key: 'report_edit',
            label: label('Edit email report', 'report-menu-edit'),
            onClick: () => setEditing(true),
          },
          {
            key: 'report_delete',
            danger: true,
            label: label('Delete email report', 'report-menu-delete'),
            onClick: () => remove(report),
          },
        ]
      : [
          {
            key: 'report_setup',
            label: label('Set up an email report', 'report-menu-setup'),
            onClick: () => setEditing(true),
          },
        ];

  return {
    report,
    item: {
      key: 'report_manage',
      label: label('Manage email reports', 'report-menu'),
      children,
    },
    element: editing && (
      <ReportModal
        reportId={report?.id}
        type="Report"
        creationMethod={creationMethodOf(target)}
        target={target}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          refetch();
        }}
      />
    ),
  };
}
