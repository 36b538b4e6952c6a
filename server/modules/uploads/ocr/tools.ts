import { spawn } from 'node:child_process';

/**
 * The command-line tools OCR needs, from Debian packages (installed by the Docker image and
 * `.ci/run`): `tesseract` (tesseract-ocr, with the eng/deu/fra/ita/spa/nld data packages),
 * `pdftoppm` (poppler-utils) and `ocrad` (a second engine that checks prices, `price-check.ts`). All run as child processes with a time limit, a cap on their
 * output and no shell; the language data comes with the packages, never from the network.
 */

export const TESSERACT = process.env.TESSERACT_PATH || 'tesseract';
export const PDFTOPPM = process.env.PDFTOPPM_PATH || 'pdftoppm';
export const OCRAD = process.env.OCRAD_PATH || 'ocrad';

/** The menu languages whose Tesseract data the image installs. */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'ita', 'spa', 'nld'] as const;

export class ToolError extends Error {
  override readonly name = 'ToolError';
  constructor(
    message: string,
    readonly reason: 'timeout' | 'output' | 'exit' | 'missing' | 'aborted',
  ) {
    super(message);
  }
}

export interface RunOptions {
  input?: Buffer;
  timeoutMs: number;
  maxOutputBytes: number;
  env?: Record<string, string>;
  /** Aborting kills the tool; its promise then rejects with reason 'aborted'. */
  signal?: AbortSignal;
}

/** Runs a tool, feeds `input` to stdin, returns stdout; killed when over time or output. */
export function runTool(command: string, args: string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: ToolError | null = null;
    const stop = (err: ToolError) => {
      failure ??= err;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new ToolError(`${command} took longer than ${options.timeoutMs} ms`, 'timeout')), options.timeoutMs);
    const abort = () => stop(new ToolError(`${command} was not needed any more`, 'aborted'));
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxOutputBytes) stop(new ToolError(`${command} wrote more than ${options.maxOutputBytes} bytes`, 'output'));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      reject(new ToolError(`${command}: ${err.message}`, err.code === 'ENOENT' ? 'missing' : 'exit'));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new ToolError(`${command} exited with ${code}: ${stderr.trim().slice(0, 500)}`, 'exit'));
      resolve(Buffer.concat(chunks));
    });
    // A tool that exits before reading all its input (bad image) must not crash us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? null);
  });
}

let available: Promise<string | null> | null = null;

/**
 * Null when OCR can run here, else why not (tesseract, pdftoppm or ocrad missing, or a language's data).
 * Checked once per process.
 */
export function ocrUnavailable(): Promise<string | null> {
  return (available ??= (async () => {
    try {
      const langs = (await runTool(TESSERACT, ['--list-langs'], { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 })).toString('utf8');
      const have = new Set(langs.split(/\s+/));
      const missing = OCR_LANGUAGES.filter((l) => !have.has(l));
      if (missing.length) return `tesseract has no data for ${missing.join(', ')} (install tesseract-ocr-${missing.join(' tesseract-ocr-')})`;
    } catch (err) {
      return `tesseract is not installed (apt-get install tesseract-ocr): ${(err as Error).message}`;
    }
    try {
      await runTool(PDFTOPPM, ['-v'], { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 });
    } catch (err) {
      return `pdftoppm is not installed (apt-get install poppler-utils): ${(err as Error).message}`;
    }
    try {
      await runTool(OCRAD, ['--version'], { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 });
    } catch (err) {
      return `ocrad is not installed (apt-get install ocrad): ${(err as Error).message}`;
    }
    return null;
  })());
}
