import { DEFAULT_FILE_MAX_SIZE, isMultiValue, type Collection, type FileField } from '../collections.ts';
import { fieldError, type FieldError } from '../errors.ts';
import { mimeAllowed, sniffMime, sniffMimeOfFile } from '../files/mime.ts';
import { storedFileName } from '../files/names.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * A file part of a multipart request: in memory (internal writes, tests) or, as the HTTP layer
 * delivers uploads, streamed to a temp file that staging moves into storage.
 */
export type UploadedFile = { name: string; data: Buffer } | { name: string; path: string; size: number };

function sizeOf(upload: UploadedFile): number {
  return 'data' in upload ? upload.data.length : upload.size;
}

function mimeOf(upload: UploadedFile): Promise<string> {
  return 'data' in upload ? sniffMime(upload.data, upload.name) : sniffMimeOfFile(upload.path, upload.name);
}

interface StagedField {
  set: string[];
  append: string[];
  prepend: string[];
  sawSet: boolean;
}

/**
 * New uploads for one record, written to storage before the transaction (so it stays
 * synchronous) and removed again if the transaction fails.
 */
export class StagedFiles {
  readonly byField = new Map<string, StagedField>();
  readonly errors: Record<string, FieldError> = {};
  readonly written: string[] = [];

  constructor(
    private readonly storage: FileStorage,
    readonly prefix: string,
  ) {}

  /** Sniffs, checks and stores each uploaded file; per-field errors are kept for validation. */
  static async stage(
    storage: FileStorage,
    collection: Collection,
    recordId: string,
    files: Record<string, UploadedFile[]>,
  ): Promise<StagedFiles> {
    const staged = new StagedFiles(storage, `${collection.id}/${recordId}`);
    try {
      for (const [key, uploads] of Object.entries(files)) {
        const name = key.replace(/^\+/, '').replace(/\+$/, '');
        const field = collection.fieldsByName.get(name);
        if (!field || field.type !== 'file') continue;
        const slot = staged.slot(name);
        const target = key.startsWith('+') ? slot.prepend : key.endsWith('+') ? slot.append : slot.set;
        if (target === slot.set) slot.sawSet = true;
        for (const upload of uploads) {
          const checked = await staged.check(field, upload);
          if ('error' in checked) {
            staged.errors[name] = checked.error;
            continue;
          }
          const fileName = storedFileName(upload.name || 'file', extensionFor(upload, checked.mime));
          const storageKey = `${staged.prefix}/${fileName}`;
          if ('data' in upload) await storage.put(storageKey, upload.data);
          else await storage.putFile(storageKey, upload.path);
          staged.written.push(fileName);
          target.push(fileName);
        }
      }
    } catch (err) {
      // A failed write (disk full, unwritable folder) must not leave this request's earlier files behind.
      await staged.discard();
      throw err;
    }
    return staged;
  }

  private slot(name: string): StagedField {
    let s = this.byField.get(name);
    if (!s) {
      s = { set: [], append: [], prepend: [], sawSet: false };
      this.byField.set(name, s);
    }
    return s;
  }

  private async check(field: FileField, upload: UploadedFile): Promise<{ mime: string } | { error: FieldError }> {
    const maxSize = field.maxSize || DEFAULT_FILE_MAX_SIZE;
    if (sizeOf(upload) > maxSize) {
      return {
        error: fieldError(
          'validation_file_size_limit',
          `Failed to upload ${upload.name} - the maximum allowed file size is ${maxSize} bytes.`,
          { file: upload.name, maxSize },
        ),
      };
    }
    const mime = await mimeOf(upload);
    if (field.mimeTypes?.length && !mimeAllowed(mime, field.mimeTypes)) {
      return {
        error: fieldError('validation_invalid_mime_type', `"${upload.name}" mime type must be one of: ${field.mimeTypes.join(', ')}.`, {
          file: upload.name,
          types: field.mimeTypes.join(', '),
        }),
      };
    }
    return { mime };
  }

  /** Removes everything this request wrote (the write failed or was rolled back). */
  async discard(): Promise<void> {
    await Promise.all(this.written.map((name) => this.storage.delete(`${this.prefix}/${name}`).catch(() => undefined)));
  }
}

function extensionFor(upload: UploadedFile, mime: string): string | undefined {
  if (/\.[^.]+$/.test(upload.name)) return undefined;
  const sub = mime.split(';')[0]?.split('/')[1];
  return sub && /^[a-z0-9.+-]+$/.test(sub) ? `.${sub.replace('jpeg', 'jpg').replace('svg+xml', 'svg')}` : undefined;
}

function names(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return list.filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * Resolves a file field's final list from the existing files, the body keys (`f`, `f-`) and the
 * staged uploads (`f`, `+f`, `f+`), with PocketBase's replace-by-default semantics.
 */
export function resolveFileField(
  field: FileField,
  existing: string[],
  data: Record<string, unknown>,
  staged: StagedFiles,
): { files: string[]; error: FieldError | null } {
  const slot = staged.byField.get(field.name);
  let list = existing;
  const hasSet = Object.hasOwn(data, field.name) || Boolean(slot?.sawSet);
  let error: FieldError | null = null;
  if (hasSet) {
    const kept = names(data[field.name]);
    const unknown = kept.filter((n) => !existing.includes(n));
    if (unknown.length) error = fieldError('validation_invalid_file', `Invalid new files: [${unknown.join(' ')}].`);
    list = [...kept.filter((n) => existing.includes(n)), ...(slot?.set ?? [])];
  }
  if (slot?.prepend.length) list = [...slot.prepend, ...list];
  if (slot?.append.length) list = [...list, ...slot.append];
  const removeKey = `${field.name}-`;
  if (Object.hasOwn(data, removeKey)) {
    const remove = new Set(names(data[removeKey]));
    list = list.filter((n) => !remove.has(n));
  }
  list = [...new Set(list)];
  if (!isMultiValue(field) && list.length > 1) list = [list[list.length - 1] as string];
  const max = isMultiValue(field) ? (field.maxSelect ?? 1) : 1;
  if (!error && list.length > max)
    error = fieldError('validation_too_many_files', `The maximum allowed files is ${max}.`, { maxSelect: max });
  if (!error && staged.errors[field.name]) error = staged.errors[field.name] ?? null;
  if (!error && field.required && list.length === 0) error = fieldError('validation_required', 'Cannot be blank.');
  return { files: list, error };
}
