import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { UPLOAD_MESSAGES } from './pdf.ts';
import { pdfWorkersOf } from './pdf-workers.ts';
import { fileNames } from './hooks.ts';
import { uploadFileAndStatus, uploadRow } from './queries.ts';

const COLLECTION = 'menu_uploads';

/** Why a job stopped without a result of its own (deleted record, new file, shutdown). */
class Superseded extends Error {
  override readonly name = 'Superseded';
}

export interface JobOptions {
  /** The queue was stopped (app closing): stop between pages. */
  shouldStop: () => boolean;
  log: (obj: Record<string, unknown>, msg: string) => void;
}

/**
 * One extraction: `uploaded|processing → processing → ready|failed`, with the page progress
 * written to the record as it goes (realtime subscribers see every step). Every write first
 * checks that the record still holds the same file, so a replaced or deleted upload is left alone.
 */
export async function runExtraction(ctx: AppContext, id: string, options: JobOptions): Promise<void> {
  const { engine, storage } = ctx;
  const collection = engine.collection(COLLECTION);
  const initial = uploadRow(engine.stmts, id);
  if (!initial || !['uploaded', 'processing'].includes(String(initial.status))) return;
  const file = String(initial.file ?? '');
  const photos = String(initial.photos ?? '[]');

  const write = async (data: Record<string, unknown>) => {
    if (options.shouldStop()) throw new Superseded();
    const current = uploadFileAndStatus(engine.stmts, id);
    if (!current || current.file !== file || current.photos !== photos || !['uploaded', 'processing'].includes(current.status)) throw new Superseded();
    try {
      await engine.update(collection, id, { data, files: {}, fromForm: false }, engine.systemRequest());
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw new Superseded();
      throw err;
    }
  };
  const fail = (error: string) => write({ status: 'failed', error, progress: 100 });

  try {
    await write({ status: 'processing', progress: 0, error: '' });
    const bytes = file ? await storage.read(`${collection.id}/${id}/${file}`) : null;
    if (file && !bytes) return await fail(UPLOAD_MESSAGES.missingFile);
    // Further photos (each at most UPLOAD_MAX_BYTES, at most UPLOAD_MAX_OCR_PAGES of them), in order.
    const photoBytes: Array<{ bytes: Uint8Array }> = [];
    for (const name of fileNames(photos)) {
      const data = await storage.read(`${collection.id}/${id}/${name}`);
      if (!data) return await fail(UPLOAD_MESSAGES.missingFile);
      photoBytes.push({ bytes: data });
    }
    if (!bytes && !photoBytes.length) return await fail(UPLOAD_MESSAGES.missingFile);
    // Parsed in a worker thread with a time and memory limit: a heavy PDF never blocks the server.
    // Uploads through the records route were checked already; batch and internal writes were not:
    // the worker checks again before extracting.
    let lastProgress = 0;
    const result = await pdfWorkersOf(ctx).extract(bytes ? { bytes } : null, {
      defaultSectionName: String(initial.name ?? '') || undefined,
      photos: photoBytes,
      onOpened: (pages) => write({ pages }),
      // OCR (scans, photos) reports its pages (a scan's text pass reported none): one pass from page 1.
      onOcr: async (pages) => {
        lastProgress = 0;
        await write({ pages, progress: 0 });
      },
      onPage: async (done, total) => {
        // The last page's write is the final one (ready with the draft).
        const progress = Math.floor((done / total) * 100);
        if (done < total && progress > lastProgress) {
          lastProgress = progress;
          await write({ progress });
        }
      },
    });
    if (!result.ok) return await fail(result.message);
    await write({ status: 'ready', progress: 100, draft: result.draft, pages: result.pages, error: '' });
  } catch (err) {
    if (err instanceof Superseded || (err as Error | null)?.name === 'ExtractionStopped') return;
    options.log({ err, upload: id }, 'menu upload extraction failed');
    await fail(UPLOAD_MESSAGES.failed).catch(() => undefined);
  }
}
