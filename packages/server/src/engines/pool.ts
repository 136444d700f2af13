/**
 * A minimal pool for drivers that have none of their own (DuckDB connections, better-sqlite3
 * handles). PostgreSQL and MySQL use their drivers' pools.
 */
export class ResourcePool<T> {
  private readonly idle: T[] = [];
  private readonly waiters: Array<(resource: T) => void> = [];
  private readonly all = new Set<T>();
  private creating = 0;
  private closed = false;

  constructor(
    private readonly create: () => Promise<T> | T,
    private readonly destroy: (resource: T) => Promise<void> | void,
    private readonly max: number,
  ) {}

  async acquire(): Promise<T> {
    if (this.closed) throw new Error('pool closed');
    const ready = this.idle.pop();
    if (ready !== undefined) return ready;
    if (this.all.size + this.creating < this.max) {
      this.creating += 1;
      try {
        const resource = await this.create();
        this.all.add(resource);
        return resource;
      } finally {
        this.creating -= 1;
      }
    }
    return new Promise<T>((resolve) => this.waiters.push(resolve));
  }

  release(resource: T): void {
    if (this.closed) {
      this.all.delete(resource);
      void this.destroy(resource);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter(resource);
    else this.idle.push(resource);
  }

  /** Drops a resource that is no longer usable (for example after a failed interrupt). */
  async discard(resource: T): Promise<void> {
    this.all.delete(resource);
    await this.destroy(resource);
  }

  async use<R>(work: (resource: T) => Promise<R> | R): Promise<R> {
    const resource = await this.acquire();
    try {
      return await work(resource);
    } finally {
      this.release(resource);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const idle = this.idle.splice(0);
    for (const resource of idle) {
      this.all.delete(resource);
      await this.destroy(resource);
    }
  }
}
