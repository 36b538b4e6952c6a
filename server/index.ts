import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { browsableHost, ConfigError, loadConfig } from './config.ts';
import { loadDotEnv } from './env-file.ts';
import { DatabaseFileError } from './db/open.ts';
import type { AppContext } from './context.ts';
import { installerUrl } from './ops/installer.ts';
import { startupFacts, startupSummary } from './startup-summary.ts';
import { drain } from './shutdown.ts';

/**
 * Entry point: the only place that listens. Shuts down gracefully on SIGINT/SIGTERM (shutdown.ts:
 * readiness 503, realtime streams ended, in-flight work finished within SHUTDOWN_TIMEOUT_MS; a
 * second signal exits at once).
 *
 * Restarts in-process after a backup restore (`onRestart`): the running app is closed (requests
 * finish, SSE streams end, SQLite closes), the restore swaps the files, and a new app is built and
 * listens on the same port. If no app can be started in the end, the process exits with code 1
 * so a supervisor (Docker's restart policy, systemd) starts it again.
 */
async function main(): Promise<void> {
  let config;
  const envFile = loadDotEnv();
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let app: FastifyInstance | null = null;
  let ctx: AppContext | null = null;
  let port = config.port;
  let closing = false;

  const start = async () => {
    const built = await buildApp(config, { onRestart: restart });
    await built.app.listen({ port, host: config.host });
    // With PORT=0 the first port chosen is kept across restarts.
    port = (built.app.server.address() as AddressInfo).port;
    app = built.app;
    ctx = built.ctx;
    process.exitCode = 0;
  };

  async function restart(between: () => Promise<void>): Promise<void> {
    const old = app;
    app = null;
    if (old) {
      old.log.info('restarting');
      await old.close();
    }
    try {
      await between();
      if (!closing) await start();
    } catch (err) {
      process.exitCode = 1;
      throw err;
    }
  }

  const shutdown = (signal: string) => {
    if (closing) {
      // A second signal: the operator (or orchestrator) does not want to wait.
      (app as FastifyInstance | null)?.log.error({ signal }, 'shutdown: second signal, exiting now');
      process.exit(1);
    }
    closing = true;
    const current = app as FastifyInstance | null;
    const currentCtx = ctx as AppContext | null;
    if (!current || !currentCtx) process.exit(process.exitCode ?? 0);
    // A backstop if closing itself hangs (a close hook that never settles): the deadline plus a margin.
    const { delayMs, timeoutMs } = config.shutdown;
    setTimeout(() => process.exit(1), delayMs + timeoutMs + 5_000).unref();
    drain(current, currentCtx, { signal, delayMs, timeoutMs }).then(
      (clean) => process.exit(clean ? 0 : 1),
      (err: unknown) => {
        current.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await start();
  const started = ctx as AppContext | null;
  if (started && config.logLevel !== 'silent') {
    const listening = `http://${browsableHost(config.host)}:${port}`;
    process.stdout.write(startupSummary(startupFacts(started, config, listening, { envFile, installerUrl: await installerUrl(started) })));
  }
}

main().catch((err: unknown) => {
  // Problems the operator must fix (damaged database, unusable folders) get a plain message, not a stack trace.
  console.error(err instanceof DatabaseFileError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
