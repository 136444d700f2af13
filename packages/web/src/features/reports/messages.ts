/**
 * The toasts of reports, word for word as Superset shows them (the spec's "fetch, activation,
 * delete and creation failures", and SQL Lab's scheduling answers of sql-editor.md).
 */
export const REPORT_MESSAGES = {
  fetchDashboardFailed: 'There was an issue fetching reports attached to this dashboard.',
  fetchChartFailed: 'There was an issue fetching reports attached to this chart.',
  toggleFailed: 'We were unable to activate or deactivate this report.',
  deleteFailed: 'Your report could not be deleted',
  created: 'The report has been created',
  createFailed: 'Failed to create report',
  updated: 'Report updated',
  updateFailed: 'Failed to update report',
  deleted: (name: string) => `Deleted: ${name}`,
  deletedMany: (count: number, kind: string) => `Deleted ${count} ${kind}`,
  queryScheduled:
    'Your query has been scheduled. To see details of your query, navigate to Saved queries',
  queryScheduleFailed: 'Your query could not be scheduled',
  runQueued: (name: string) => `${name} will run now: its log shows the result`,
  runFailed: 'The report could not be run now',
} as const;
