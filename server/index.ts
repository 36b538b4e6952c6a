import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Entry point: the only place that listens. Shuts down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app } = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close(): stops accepting, waits for in-flight requests, runs onClose hooks (SSE, SQLite).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(() => process.exit(0), (err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`serving on ${config.appUrl}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
