/**
 * An in-process job queue keyed by record id: each id is queued at most once, at most
 * `concurrency` jobs run at a time, and an id queued again while it runs runs once more after.
 */
export class JobQueue {
  private readonly pending: string[] = [];
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private readonly waiters: Array<() => void> = [];
  private stopped = false;

  constructor(
    private readonly work: (id: string) => Promise<void>,
    private readonly concurrency = 1,
    private readonly onError: (err: unknown, id: string) => void = () => undefined,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  get size(): number {
    return this.pending.length + this.running.size;
  }

  enqueue(id: string): void {
    if (this.stopped) return;
    if (this.running.has(id)) this.again.add(id);
    else if (!this.pending.includes(id)) this.pending.push(id);
    // Start on the next turn: the request or boot that queued the job finishes first.
    setImmediate(() => this.pump());
  }

  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** No new jobs start; a running job notices through `isStopped` and gives up. */
  stop(): void {
    this.stopped = true;
    this.pending.length = 0;
    this.again.clear();
    this.settle();
  }

  private pump(): void {
    while (!this.stopped && this.running.size < this.concurrency && this.pending.length) {
      const id = this.pending.shift() as string;
      this.running.add(id);
      void this.work(id)
        .catch((err) => this.onError(err, id))
        .finally(() => {
          this.running.delete(id);
          if (this.again.delete(id)) this.enqueue(id);
          this.pump();
          this.settle();
        });
    }
    this.settle();
  }

  private settle(): void {
    if (this.pending.length || this.running.size) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
