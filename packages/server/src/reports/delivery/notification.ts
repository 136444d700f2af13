/** What one run sends, to every recipient alike. */
export interface NotificationFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export interface Notification {
  reportId: number;
  type: 'Report' | 'Alert';
  name: string;
  subject: string;
  description: string | null;
  /** The chart or dashboard (or saved queries) the mail links back to. */
  url: string;
  scheduledDttm: string;
  /** An HTML table (TEXT reports), shown in the body. */
  html: string | null;
  /** PNG, PDF, CSV or XLSX files. */
  files: NotificationFile[];
  /** The alert's value and the row it came from, when an alert fired. */
  alert: { value: number | null; row: string | null } | null;
}

export const escapeHtml = (value: unknown) =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
