import { TesseraError } from '@tessera/shared/errors';
import type { RecipientConfig } from '@tessera/shared/reports/schemas';
import type { Config } from '../../platform/config.ts';
import { sendEmail } from './email.ts';
import type { Notification } from './notification.ts';
import { sendWebhook } from './webhook.ts';
import type { WebhookPolicy } from './webhookPolicy.ts';

export interface DeliveryDeps {
  smtp: Config['smtp'];
  policy: WebhookPolicy;
}

export interface Target {
  type: string;
  config: RecipientConfig;
}

async function sendOnce(deps: DeliveryDeps, target: Target, n: Notification): Promise<void> {
  if (target.type === 'Webhook') return sendWebhook(target.config.target, n, deps.policy);
  if (target.type === 'Email') return sendEmail(deps.smtp, target.config, n);
  throw new TesseraError(500, `Unknown recipient type ${target.type}`, {
    errorType: 'REPORT_NOTIFICATION_ERROR',
  });
}

/**
 * Sends to every recipient; a failed delivery is tried once more. When any recipient still
 * failed, one REPORT_NOTIFICATION_ERROR names every failure (the others were sent).
 */
export async function deliver(deps: DeliveryDeps, targets: Target[], n: Notification) {
  const failures: string[] = [];
  for (const target of targets) {
    try {
      await sendOnce(deps, target, n);
    } catch {
      try {
        await sendOnce(deps, target, n);
      } catch (error) {
        failures.push(error instanceof TesseraError ? error.message : 'Delivery failed');
      }
    }
  }
  if (failures.length > 0)
    throw new TesseraError(500, failures.join('; '), { errorType: 'REPORT_NOTIFICATION_ERROR' });
}
