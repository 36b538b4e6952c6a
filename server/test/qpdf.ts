import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether this is a CI run (`CI=true`): there every suite must run. */
function isCI(): boolean {
  const ci = process.env.CI ?? '';
  return ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * Why the tests that build hostile PDFs with qpdf (Debian's `qpdf`) cannot run here, or null.
 * Under CI a missing qpdf is an error, never a silent skip: `.ci/run` installs it.
 */
export async function qpdfMissing(): Promise<string | null> {
  try {
    await run('qpdf', ['--version']);
    return null;
  } catch {
    const why = 'qpdf is not installed (apt-get install qpdf)';
    if (isCI()) throw new Error(`${why}. Under CI the hostile-file tests must run (.ci/run installs qpdf).`);
    return why;
  }
}

/**
 * Runs qpdf on `inputs` (written to temp files `in0.pdf`, `in1.pdf` …; `{in0}` in `args` is replaced by
 * the first one's path, `{out}` by the output's) and returns the output. qpdf's exit code 3 means
 * "succeeded with warnings" (a damaged input it repaired), which is not a failure here.
 */
export async function qpdf(args: string[], inputs: Uint8Array[]): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qpdf-'));
  try {
    const names = inputs.map((_, i) => path.join(dir, `in${i}.pdf`));
    await Promise.all(inputs.map((bytes, i) => writeFile(names[i] as string, bytes)));
    const out = path.join(dir, 'out.pdf');
    const resolved = args.map((a) => a.replace(/\{in(\d+)\}/g, (_, i: string) => names[Number(i)] as string).replace('{out}', out));
    try {
      await run('qpdf', resolved, { maxBuffer: 16 * 1024 * 1024 });
    } catch (err) {
      if ((err as { code?: number }).code !== 3) throw err;
    }
    return new Uint8Array(await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check` of a file: its exit code (0 fine, 2 errors, 3 warnings) and what it says. */
export async function qpdfCheck(bytes: Uint8Array): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qpdf-'));
  try {
    const file = path.join(dir, 'check.pdf');
    await writeFile(file, bytes);
    try {
      const { stdout, stderr } = await run('qpdf', ['--check', file], { maxBuffer: 16 * 1024 * 1024 });
      return { code: 0, output: stdout + stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof e.code === 'number' ? e.code : -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
