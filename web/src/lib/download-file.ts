import { ClientResponseError } from 'pocketbase';
import { pb } from './pb.ts';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  const name = m?.[1] ? decodeURIComponent(m[1]).replace(/[/\\]/g, '_') : '';
  return name || fallback;
}

/**
 * Downloads a file from one of our routes that needs the auth header: a plain link would carry no
 * token, so it is fetched and saved from a Blob under the server's file name (else `fallback`).
 * Errors are thrown as the SDK's `ClientResponseError`, like every other call.
 */
export async function downloadFile(path: string, fallback: string): Promise<string> {
  const url = pb.buildURL(path);
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: pb.authStore.token } });
  } catch (err) {
    throw new ClientResponseError({ url, status: 0, originalError: err });
  }
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    throw new ClientResponseError({ url, status: res.status, response: data });
  }
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition'), fallback);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
