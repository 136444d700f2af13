import { Redis } from 'ioredis';
import type { Config } from '../platform/config.ts';

/**
 * Where every chart job stands, readable by any process: when it must have ended (its deadline)
 * and when its worker last said it was alive. A job ends once: whoever claims its end first (the
 * job itself, or a sweep finding its worker gone or its deadline past) publishes its last event.
 */
export interface TrackedJob {
  jobId: string;
  channelId: string;
  userId: number | null;
  /** Epoch ms after which the job ends as an error, whatever its worker does. */
  deadline: number;
  /** Epoch ms of the last heartbeat of the worker running it; null while it waits. */
  beat: number | null;
}

export interface JobTracker {
  add(job: TrackedJob): Promise<void>;
  /** The worker running the job is alive (and the job is running). */
  beat(jobId: string): Promise<void>;
  /** True for the one caller that ends the job; the job is then forgotten. */
  claimEnd(jobId: string): Promise<boolean>;
  /** Whether the job has ended (or was never known here). */
  ended(jobId: string): Promise<boolean>;
  all(): Promise<TrackedJob[]>;
  close(): Promise<void>;
}

export class MemoryJobTracker implements JobTracker {
  private readonly jobs = new Map<string, TrackedJob>();

  async add(job: TrackedJob) {
    this.jobs.set(job.jobId, { ...job });
  }
  async beat(jobId: string) {
    const job = this.jobs.get(jobId);
    if (job) job.beat = Date.now();
  }
  async claimEnd(jobId: string) {
    return this.jobs.delete(jobId);
  }
  async ended(jobId: string) {
    return !this.jobs.has(jobId);
  }
  async all() {
    return [...this.jobs.values()].map((job) => ({ ...job }));
  }
  async close() {}
}

/** A hash of jobs and a hash of heartbeats in Redis; the end is claimed by one HDEL. */
export class RedisJobTracker implements JobTracker {
  private readonly redis: Redis;
  private readonly jobsKey: string;
  private readonly beatsKey: string;

  constructor(url: string, prefix: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
    this.jobsKey = `${prefix}jobs`;
    this.beatsKey = `${prefix}job-beats`;
  }

  async add(job: TrackedJob) {
    await this.redis.hset(this.jobsKey, job.jobId, JSON.stringify({ ...job, beat: null }));
  }
  async beat(jobId: string) {
    await this.redis.hset(this.beatsKey, jobId, String(Date.now()));
  }
  async claimEnd(jobId: string) {
    // HDEL answers 1 to exactly one caller: the one that ends the job.
    const [[, removed] = [null, 0]] = ((await this.redis
      .multi()
      .hdel(this.jobsKey, jobId)
      .hdel(this.beatsKey, jobId)
      .exec()) ?? []) as [unknown, number][];
    return removed === 1;
  }
  async ended(jobId: string) {
    return (await this.redis.hexists(this.jobsKey, jobId)) === 0;
  }
  async all() {
    const [jobs, beats] = await Promise.all([
      this.redis.hgetall(this.jobsKey),
      this.redis.hgetall(this.beatsKey),
    ]);
    return Object.entries(jobs).flatMap(([jobId, text]) => {
      try {
        const job = JSON.parse(text) as TrackedJob;
        const beat = beats[jobId];
        return [{ ...job, jobId, beat: beat ? Number(beat) : null }];
      } catch {
        return [];
      }
    });
  }
  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createJobTracker(config: Pick<Config, 'redisUrl' | 'globalAsync'>): JobTracker {
  return config.redisUrl
    ? new RedisJobTracker(config.redisUrl, config.globalAsync.streamPrefix)
    : new MemoryJobTracker();
}
