import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { SecurityService } from '../security/service.ts';
import { serviceEndpoints, type WebhookPolicy } from './delivery/webhookPolicy.ts';
import { createRunLock, type RunLock } from './lock.ts';
import { ReportRunner } from './runner.ts';
import { ReportScheduler } from './scheduler.ts';

export interface ReportsOptions {
  /** The clock (tests pass a fake one). */
  now?: () => Date;
  /** The run lock; Redis when configured, in-process otherwise. */
  lock?: RunLock;
  /** Hosts webhooks may reach although private (an intranet receiver; tests' local server). */
  webhookAllowedHosts?: string[];
  /** Where Chromium opens this server; set when the server starts listening otherwise. */
  screenshotBaseUrl?: string | null;
  /** The address links in mails start with; the screenshot address otherwise. */
  linkBaseUrl?: string | null;
}

/**
 * Everything that runs reports in one process: the runner (one run's state machine), the
 * scheduler (ticks, lock, pruning) and the runs "run now" started, which `close` waits for.
 */
export class ReportsRuntime {
  readonly policy: WebhookPolicy;
  readonly runner: ReportRunner;
  readonly scheduler: ReportScheduler;
  readonly lock: RunLock;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly content: { screenshotBaseUrl: string | null; linkBaseUrl: string | null };

  constructor(
    readonly ctx: AppContext,
    options: ReportsOptions = {},
  ) {
    const now = options.now ?? (() => new Date());
    this.policy = {
      allowedHosts: options.webhookAllowedHosts ?? ctx.config.webhookAllowedHosts,
      forbiddenEndpoints: serviceEndpoints([ctx.config.databaseUrl, ctx.config.redisUrl]),
    };
    this.lock = options.lock ?? createRunLock(ctx.config);
    const content = {
      screenshotBaseUrl: options.screenshotBaseUrl ?? null,
      linkBaseUrl: options.linkBaseUrl ?? null,
    };
    this.content = content;
    const security = new SecurityService(ctx);
    this.runner = new ReportRunner({
      ctx,
      security,
      get screenshotBaseUrl() {
        return content.screenshotBaseUrl;
      },
      get linkBaseUrl() {
        return content.linkBaseUrl;
      },
      delivery: { smtp: ctx.config.smtp, policy: this.policy },
      now,
    });
    this.scheduler = new ReportScheduler({ ctx, runner: this.runner, lock: this.lock, now });
    this.now = now;
  }

  private readonly now: () => Date;

  /** The server listens here now: screenshots open it (unless an address was given). */
  listeningAt(url: string): void {
    this.content.screenshotBaseUrl ??= url.replace(/\/$/, '');
  }

  /** Starts one run now, in the background; answers the uuid of its log row. */
  runNow(reportId: number): string {
    const uuid = randomUUID();
    const run = this.runner
      .run(reportId, this.now(), uuid)
      .catch((error: unknown) =>
        this.ctx.logger.error({ err: error, reportId }, 'report run failed'),
      )
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
    return uuid;
  }

  /** Waits for the runs started by `runNow` (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.scheduler.stop();
    await this.settle();
    await this.lock.close();
  }
}
