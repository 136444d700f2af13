import { ReportModal } from './components/ReportModal.tsx';
import { REPORT_MESSAGES } from './messages.ts';

export interface ScheduleQueryModalProps {
  /** The saved query: its name, database and SQL become the report's content. */
  query: { name: string; database: number; sql: string };
  onClose: () => void;
}

/**
 * SQL Lab's "Schedule" of a saved query: a report that runs the query on its database and sends
 * the rows (CSV unless the user picks another), answered by sql-editor.md's two toasts.
 */
export function ScheduleQueryModal({ query, onClose }: ScheduleQueryModalProps) {
  return (
    <ReportModal
      type="Report"
      creationMethod="alerts_reports"
      query={query}
      messages={{
        created: REPORT_MESSAGES.queryScheduled,
        createFailed: REPORT_MESSAGES.queryScheduleFailed,
      }}
      onClose={onClose}
      onSaved={onClose}
    />
  );
}
