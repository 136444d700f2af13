import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { TesseraError } from '@tessera/shared/errors';
import type { Notification } from './notification.ts';
import { resolveWebhook, type WebhookPolicy } from './webhookPolicy.ts';

/**
 * A webhook is a POST of JSON: the report, the link back, a TEXT report's table and every file
 * as base64. It goes to the address `resolveWebhook` checked; a redirect or any status but 2xx
 * is a failure.
 */

export const WEBHOOK_TIMEOUT_MS = 30_000;

const failure = (message: string, cause?: unknown) =>
  new TesseraError(500, `Webhook delivery failed: ${message}`, {
    errorType: 'REPORT_NOTIFICATION_ERROR',
    cause,
  });

export function webhookBody(n: Notification): string {
  return JSON.stringify({
    report: { id: n.reportId, type: n.type, name: n.name, description: n.description },
    subject: n.subject,
    url: n.url,
    scheduled_dttm: n.scheduledDttm,
    alert: n.alert,
    text: n.html,
    files: n.files.map((f) => ({
      filename: f.filename,
      content_type: f.contentType,
      base64: f.body.toString('base64'),
    })),
  });
}

export async function sendWebhook(
  url: string,
  n: Notification,
  policy: WebhookPolicy,
): Promise<void> {
  const resolved = await resolveWebhook(url, policy);
  if ('refused' in resolved) throw failure(resolved.refused);
  const body = Buffer.from(webhookBody(n), 'utf8');
  const target = new URL(url);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        resolved,
      ]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': 'Tessera-Reports',
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(failure(`the receiver answered ${status}`));
      },
    );
    request.on('timeout', () => request.destroy(failure('no answer within 30 s')));
    request.on('error', (error) =>
      reject(error instanceof TesseraError ? error : failure(error.message, error)),
    );
    request.end(body);
  });
}
