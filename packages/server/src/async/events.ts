import type { AsyncEvent, AsyncJob } from '@tessera/shared/api/async';
import { Redis } from 'ioredis';
import type { Config } from '../platform/config.ts';

/**
 * The async-query event stream: each channel's events in order, read from an id on (`last_id`),
 * and pushed to listeners in this process as they are published by any process. Ids are Redis
 * stream ids (`<ms>-<seq>`), also in memory, so a client resumes the same way on either.
 */
export interface AsyncEventStream {
  readonly kind: 'memory' | 'redis';
  /** Appends an event to its channel (and the global stream); answers its id. */
  publish(event: AsyncJob): Promise<string>;
  /** At most `count` events of `channel` after `lastId` (from the oldest kept when null). */
  read(channel: string, lastId: string | null, count: number): Promise<AsyncEvent[]>;
  /** Every event published from now on, by any process; answers the unsubscribe. */
  subscribe(listener: (event: AsyncEvent) => void): () => void;
  close(): Promise<void>;
}

type Settings = Config['globalAsync'];

/** `a` after `b`, comparing `<ms>-<seq>` ids as numbers. */
export function idAfter(a: string, b: string): boolean {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am > bm || (am === bm && as > bs);
}

/** One process's events, trimmed to the stream limits as Redis would trim them. */
export class MemoryEventStream implements AsyncEventStream {
  readonly kind = 'memory' as const;
  private readonly channels = new Map<string, AsyncEvent[]>();
  private readonly listeners = new Set<(event: AsyncEvent) => void>();
  private lastMs = 0;
  private seq = 0;
  private total = 0;

  constructor(private readonly settings: Pick<Settings, 'streamLimit' | 'streamLimitFirehose'>) {}

  private nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq += 1;
    return `${this.lastMs}-${this.seq}`;
  }

  async publish(job: AsyncJob): Promise<string> {
    const event: AsyncEvent = { id: this.nextId(), ...job };
    let list = this.channels.get(job.channel_id);
    if (!list) {
      list = [];
      this.channels.set(job.channel_id, list);
    }
    list.push(event);
    this.total += 1;
    if (list.length > this.settings.streamLimit) {
      list.shift();
      this.total -= 1;
    }
    // The firehose limit bounds the whole process: the oldest channels go first.
    for (const [channel, events] of this.channels) {
      if (this.total <= this.settings.streamLimitFirehose) break;
      this.total -= events.length;
      this.channels.delete(channel);
    }
    for (const listener of this.listeners) listener(event);
    return event.id;
  }

  async read(channel: string, lastId: string | null, count: number): Promise<AsyncEvent[]> {
    const list = this.channels.get(channel) ?? [];
    const after = lastId === null ? list : list.filter((event) => idAfter(event.id, lastId));
    return after.slice(0, count);
  }

  subscribe(listener: (event: AsyncEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/**
 * Both XADDs in one script, the channel's entry under the id the global stream gave: a channel's
 * ids are then a subsequence of the global ones, so the websocket (fed by the global stream) and
 * `GET /api/v1/async_event/` (reading the channel's) resume from the same `last_id`.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'data', ARGV[3])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], id, 'data', ARGV[3])
return id`;

type StreamEntries = [string, string[]][];

function eventOf(id: string, fields: string[]): AsyncEvent | null {
  const at = fields.indexOf('data');
  const text = at >= 0 ? fields[at + 1] : undefined;
  if (text === undefined) return null;
  try {
    return { ...(JSON.parse(text) as AsyncJob), id };
  } catch {
    return null;
  }
}

/**
 * Redis streams, as Superset keeps them: `<prefix><channel>` per channel and `<prefix>full` for
 * all (GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX), trimmed with MAXLEN. Listeners in this process
 * are fed by one blocking XREAD on the global stream, started with the first listener.
 */
export class RedisEventStream implements AsyncEventStream {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private reader: Redis | null = null;
  private readonly listeners = new Set<(event: AsyncEvent) => void>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly settings: Settings,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
  }

  private get fullStream() {
    return `${this.settings.streamPrefix}full`;
  }

  async publish(job: AsyncJob): Promise<string> {
    return (await this.redis.eval(
      PUBLISH_SCRIPT,
      2,
      this.fullStream,
      `${this.settings.streamPrefix}${job.channel_id}`,
      this.settings.streamLimitFirehose,
      this.settings.streamLimit,
      JSON.stringify(job),
    )) as string;
  }

  async read(channel: string, lastId: string | null, count: number): Promise<AsyncEvent[]> {
    // `(id` is exclusive: the events after the one the client has.
    const entries = (await this.redis.xrange(
      `${this.settings.streamPrefix}${channel}`,
      lastId === null ? '-' : `(${lastId}`,
      '+',
      'COUNT',
      count,
    )) as StreamEntries;
    return entries.flatMap(([id, fields]) => eventOf(id, fields) ?? []);
  }

  subscribe(listener: (event: AsyncEvent) => void): () => void {
    this.listeners.add(listener);
    if (!this.reader) void this.follow();
    return () => this.listeners.delete(listener);
  }

  /** Reads the global stream from now on, handing each event to the listeners of the moment. */
  private async follow(): Promise<void> {
    const reader = new Redis(this.url, { maxRetriesPerRequest: null });
    reader.on('error', () => undefined);
    this.reader = reader;
    let last = '$';
    // Once started it stays (one blocked connection per process), so polls may come and go.
    while (!this.closed) {
      try {
        const answer = (await reader.xread('BLOCK', 1000, 'STREAMS', this.fullStream, last)) as
          | [string, StreamEntries][]
          | null;
        for (const [, entries] of answer ?? []) {
          for (const [id, fields] of entries) {
            last = id;
            const event = eventOf(id, fields);
            if (event) for (const listener of this.listeners) listener(event);
          }
        }
      } catch {
        if (this.closed) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    this.reader = null;
    reader.disconnect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.reader?.disconnect();
    await this.redis.quit().catch(() => undefined);
  }
}

export function createEventStream(config: Pick<Config, 'redisUrl' | 'globalAsync'>) {
  return config.redisUrl
    ? new RedisEventStream(config.redisUrl, config.globalAsync)
    : new MemoryEventStream(config.globalAsync);
}
