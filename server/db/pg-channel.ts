import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** A call to the worker: an operation of server/db/pg-worker.mjs and its arguments. */
export interface WorkerRequest {
  id: number;
  /** Answered on the reply port with the shared signal raised (the caller is blocked), else as a message. */
  sync: boolean;
  op: string;
  args: unknown[];
}

/** The worker's answer; an error travels as its message and own properties (SQLSTATE `code`…). */
export interface WorkerReply {
  id: number;
  result?: unknown;
  error?: { message: string; props: Record<string, unknown> };
}

/**
 * The shared signal: [0] counts the worker's synchronous answers (raised after each is posted),
 * [1] is set when the worker hit an uncaught error.
 */
export const SIGNAL = { answers: 0, crashed: 1 } as const;

/** How long to sleep between looks when the answer is signalled but not yet readable from its port (ms). */
const RECHECK_MS = 0.05;

function rebuild(error: NonNullable<WorkerReply['error']>): Error {
  return Object.assign(new Error(error.message), error.props);
}

/**
 * The event loop's line to the PostgreSQL worker thread, both ways:
 * - `sync`: the caller blocks until the answer (Atomics.wait on a shared signal, the answer read
 *   from a port of its own): the record engine's synchronous statement layer;
 * - `async`: the answer comes as a message while the event loop serves others: a COMMIT whose
 *   round trip need not stop the server.
 * Requests reach the worker in the order they are made, and the worker hands them to one
 * connection's queue in that order, so a synchronous statement made after an asynchronous COMMIT
 * runs after it. (synckit offers the first half only; this is the same technique with both.)
 */
export class PgWorkerChannel {
  private readonly worker: Worker;
  private readonly signal: Int32Array;
  private readonly replies: MessagePort;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(file: string) {
    const { port1, port2 } = new MessageChannel();
    this.signal = new Int32Array(new SharedArrayBuffer(8));
    this.worker = new Worker(file, { workerData: { signal: this.signal.buffer, replies: port2 }, transferList: [port2] });
    this.replies = port1;
    this.worker.on('message', (reply: WorkerReply) => this.settle(reply));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`PostgreSQL worker exited (${code})`)));
    // Idle, the worker does not keep the process alive; an awaited answer does (ref while pending).
    this.worker.unref();
  }

  sync(op: string, ...args: unknown[]): unknown {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    let seen = Atomics.load(this.signal, SIGNAL.answers);
    this.worker.postMessage({ id, sync: true, op, args } satisfies WorkerRequest);
    for (;;) {
      // The raised signal can be seen a moment before the posted answer can be read (synckit
      // loops the same way): look, and if it is not there yet, wait for the next raise or a moment.
      const reply = receiveMessageOnPort(this.replies)?.message as WorkerReply | undefined;
      if (reply && reply.id === id) {
        if (reply.error) throw rebuild(reply.error);
        return reply.result;
      }
      if (reply) throw new Error(`PostgreSQL worker answered out of turn (${reply.id} for ${id})`);
      if (Atomics.load(this.signal, SIGNAL.crashed)) throw (this.failure = new Error('PostgreSQL worker crashed'));
      const now = Atomics.load(this.signal, SIGNAL.answers);
      if (now === seen) Atomics.wait(this.signal, SIGNAL.answers, seen);
      else {
        seen = now;
        Atomics.wait(this.signal, SIGNAL.answers, seen, RECHECK_MS);
      }
    }
  }

  async async(op: string, ...args: unknown[]): Promise<unknown> {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) this.worker.ref();
    this.worker.postMessage({ id, sync: false, op, args } satisfies WorkerRequest);
    return answer;
  }

  private settle(reply: WorkerReply): void {
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiter.reject(rebuild(reply.error));
    else waiter.resolve(reply.result);
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }
}
