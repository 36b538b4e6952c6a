import { ClientResponseError, type RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SendUploadOptions {
  organization: string;
  name: string;
  file: File;
  /** Further photos (pages after `file`, in order). */
  photos?: File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Creates a `menu_uploads` record (multipart) with real upload progress. The SDK's fetch cannot
 * report request-body progress, so this one request goes through XMLHttpRequest with the SDK's
 * URL and auth token; failures are the SDK's own `ClientResponseError`, so `handleApiError`
 * maps field errors as for any other request.
 */
export function sendUpload({ organization, name, file, photos = [], onProgress, signal }: SendUploadOptions): Promise<RecordModel> {
  const url = pb.buildURL('/api/collections/menu_uploads/records');
  const form = new FormData();
  form.append('organization', organization);
  form.append('name', name);
  form.append('file', file, file.name);
  for (const photo of photos) form.append('photos', photo, photo.name);
  const totalSize = photos.reduce((n, p) => n + p.size, file.size);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (status: number, response: unknown, extra: { isAbort?: boolean; originalError?: unknown } = {}) =>
      reject(new ClientResponseError({ url, status, response: response && typeof response === 'object' ? response : {}, ...extra }));
    xhr.open('POST', url);
    if (pb.authStore.token) xhr.setRequestHeader('Authorization', pb.authStore.token);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : totalSize });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300 && xhr.response && typeof xhr.response === 'object') resolve(xhr.response as RecordModel);
      else fail(xhr.status, xhr.response);
    };
    xhr.onerror = () => fail(0, null, { originalError: new Error('Network error') });
    xhr.ontimeout = () => fail(0, null, { originalError: new Error('Timeout') });
    xhr.onabort = () => fail(0, null, { isAbort: true });
    if (signal) {
      if (signal.aborted) {
        fail(0, null, { isAbort: true });
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
