/**
 * What the command-line scripts share: an `ApiError` from the engine printed with its field
 * messages (exit 1), the context always closed (the database released), and a configuration
 * error printed as a plain sentence rather than a stack.
 */
import { ConfigError } from '../server/config.ts';
import type { AppContext } from '../server/context.ts';
import { ApiError } from '../server/core/errors.ts';

/** Runs `work` against the context, then closes it; an ApiError is printed and becomes exit code 1. */
export async function withContext(ctx: AppContext, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const details = Object.entries(err.data)
      .map(([k, v]) => `  ${k}: ${(v as { message?: string }).message ?? ''}`)
      .join('\n');
    console.error(`${err.message}${details ? `\n${details}` : ''}`);
    return 1;
  } finally {
    await ctx.close();
  }
}

/** Runs a script's main and exits with its code. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
