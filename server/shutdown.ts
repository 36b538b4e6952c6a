import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';

export interface DrainOptions {
  /** Keep serving this long with readiness at 503 first (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** In-flight requests and running cron jobs get this long, counted after the delay (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  signal: string;
}

/**
 * Graceful shutdown of one instance, in the order a fleet behind a load balancer needs:
 * 1. readiness answers 503 at once and no cron run starts any more;
 * 2. (optional) keep serving for `delayMs`, so a load balancer's health check notices first;
 * 3. end every realtime stream: the PocketBase SDK sees the stream end and reconnects, through
 *    the load balancer, to another instance;
 * 4. stop accepting connections and let in-flight requests finish; at the deadline the remaining
 *    connections are cut;
 * 5. the app's close hooks: running cron jobs are awaited up to the deadline, PDF/OCR workers are
 *    terminated (their uploads stay `processing` and are queued again at the next start), the
 *    database is closed last.
 * Resolves true when everything finished within the deadline.
 */
export async function drain(app: FastifyInstance, ctx: AppContext, options: DrainOptions): Promise<boolean> {
  const log = app.log;
  ctx.lifecycle.draining = true;
  ctx.crons.stop();
  log.info({ signal: options.signal }, 'shutdown: not ready any more (GET /api/ready answers 503), no new cron runs');
  if (options.delayMs > 0) {
    log.info({ delayMs: options.delayMs }, 'shutdown: still serving while load balancers notice');
    await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
  ctx.lifecycle.deadline = Date.now() + options.timeoutMs;
  let cut = false;
  const deadline = setTimeout(() => {
    cut = true;
    log.error({ timeoutMs: options.timeoutMs }, 'shutdown: deadline reached, closing the connections still open');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  deadline.unref();
  const streams = ctx.hub.size;
  ctx.hub.closeAll();
  log.info({ streams }, 'shutdown: realtime streams ended (clients reconnect elsewhere)');
  log.info('shutdown: not accepting connections, waiting for in-flight requests');
  try {
    // close(): stops listening, waits for in-flight requests, then runs the onClose hooks (context.ts).
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  log.info('shutdown: done, database closed');
  return !cut;
}
