import { describe, expect, it } from 'vitest';
import { runTool, ToolError } from './tools.ts';

describe('runTool', () => {
  it('returns what the tool wrote', async () => {
    const out = await runTool('cat', [], { input: Buffer.from('menu'), timeoutMs: 5_000, maxOutputBytes: 100 });
    expect(out.toString()).toBe('menu');
  });

  it('kills a tool that is no longer needed and says so', async () => {
    const stop = new AbortController();
    const started = Date.now();
    const run = runTool('sleep', ['30'], { timeoutMs: 60_000, maxOutputBytes: 100, signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    const err = await run.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).reason).toBe('aborted');
    // Killed, not waited for: well before the 30 s the tool would have run.
    expect(Date.now() - started).toBeLessThan(10_000);
    // Aborted before it starts: it is killed at once.
    const early = new AbortController();
    early.abort();
    await expect(runTool('sleep', ['30'], { timeoutMs: 60_000, maxOutputBytes: 100, signal: early.signal })).rejects.toMatchObject({ reason: 'aborted' });
  });
});
