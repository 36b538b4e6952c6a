import fs from 'node:fs';
import path from 'node:path';

/**
 * Loads `.env` from the working directory when there is one, the way a newcomer expects after
 * `cp .env.example .env`. Variables already set in the environment win (Docker, systemd, the
 * shell), as with Node's own `--env-file`. Returns the file it loaded, for the startup log.
 */
export function loadDotEnv(dir = process.cwd()): string | null {
  const file = path.join(dir, '.env');
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
