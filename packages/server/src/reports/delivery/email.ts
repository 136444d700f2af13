import { TesseraError } from '@tessera/shared/errors';
import { splitEmails } from '@tessera/shared/reports/schemas';
import type { Config } from '../../platform/config.ts';
import { escapeHtml, type Notification } from './notification.ts';

/**
 * Mail through the `TESSERA_SMTP_*` server: the link back, the description, a TEXT report's
 * table and PNG pictures in the body, every file attached (the PNG too, so it can be saved).
 */

export function mailHtml(n: Notification, pngCids: string[]): string {
  const parts = [`<h2>${escapeHtml(n.name)}</h2>`];
  if (n.description) parts.push(`<p>${escapeHtml(n.description)}</p>`);
  if (n.alert)
    parts.push(`<p>The alert fired: the value is <b>${escapeHtml(n.alert.value)}</b>.</p>`);
  parts.push(`<p><a href="${escapeHtml(n.url)}">Explore in Tessera</a></p>`);
  if (n.html) parts.push(n.html);
  for (const cid of pngCids)
    parts.push(`<p><img src="cid:${cid}" alt="${escapeHtml(n.name)}"></p>`);
  return `<html><body>${parts.join('\n')}</body></html>`;
}

export async function sendEmail(
  smtp: Config['smtp'],
  target: { target: string; ccTarget?: string; bccTarget?: string },
  n: Notification,
): Promise<void> {
  if (!smtp.host)
    throw new TesseraError(500, 'Email is not configured: set TESSERA_SMTP_HOST', {
      errorType: 'REPORT_NOTIFICATION_ERROR',
    });
  // Loaded with the first mail, not with the server.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.ssl,
    requireTLS: false,
    ignoreTLS: !smtp.starttls && !smtp.ssl,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const cids: string[] = [];
  const attachments = n.files.map((f, i) => {
    const isPng = f.contentType === 'image/png';
    const cid = isPng ? `report-${n.reportId}-${i}@tessera` : undefined;
    if (cid) cids.push(cid);
    return { filename: f.filename, content: f.body, contentType: f.contentType, cid };
  });
  try {
    await transport.sendMail({
      from: smtp.mailFrom,
      to: splitEmails(target.target),
      cc: target.ccTarget ? splitEmails(target.ccTarget) : undefined,
      bcc: target.bccTarget ? splitEmails(target.bccTarget) : undefined,
      subject: n.subject,
      text: `${n.name}\n\n${n.description ?? ''}\n\nExplore in Tessera: ${n.url}\n`,
      html: mailHtml(n, cids),
      attachments,
    });
  } catch (error) {
    throw new TesseraError(500, `Email delivery failed: ${(error as Error).message}`, {
      errorType: 'REPORT_NOTIFICATION_ERROR',
      cause: error,
    });
  } finally {
    transport.close();
  }
}
