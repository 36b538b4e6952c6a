/**
 * The static checks before the tests (`npm run checks`): lint, formatting, types and migration
 * drift. Each is single-threaded, so they run side by side (about half the wall time on two
 * cores). Each check's output is printed as one block when it ends; the exit code is the first
 * failure's, or 0.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'format:check', 'typecheck', 'check:migrations'];

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, output: Buffer.concat(chunks).toString(), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const results = await Promise.all(
  CHECKS.map(async (script) => {
    const result = await run(script);
    const verdict = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
    process.stdout.write(`\n> ${script}: ${verdict} in ${result.seconds.toFixed(0)} s\n${result.output}`);
    return result;
  }),
);
const failed = results.find((r) => r.code !== 0);
process.exit(failed ? failed.code : 0);
