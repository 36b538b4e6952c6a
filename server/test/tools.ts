import { spawnSync } from 'node:child_process';
import net from 'node:net';

/** Whether this is a CI run (`CI=true`): there every suite must run. */
export function isCI(): boolean {
  const ci = process.env.CI ?? '';
  return ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * Why a command-line tool a test needs is missing (null when it is on the PATH). Under CI a missing
 * tool fails the run instead: `.ci/run` installs every one.
 */
export function toolMissing(tool: string): string | null {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0) return null;
  const why = `${tool} is not installed (apt-get install ${tool}).`;
  if (isCI()) throw new Error(`${why} Under CI every suite must run (.ci/run installs it).`);
  return why;
}

/** A TCP port free on 127.0.0.1 right now (for a child process to listen on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
