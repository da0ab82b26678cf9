import { HttpError, messageFromBody } from './errors.js';
import { rawFetch } from './http.js';

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
function attachmentName(res: Response): string | undefined {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
}

/** Hands the browser a file to save, without leaving the page. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Requests a file (a snapshot zip, a kubeconfig) and saves it under the name the server gives,
 * else `fallbackName`. A non-2xx answer throws HttpError with the server's message.
 */
export async function downloadFile(
  path: string,
  init: RequestInit & { timeoutMs?: number },
  fallbackName: string,
): Promise<void> {
  const res = await rawFetch(path, init);
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    throw new HttpError(messageFromBody(body), res.status, body);
  }
  saveBlob(await res.blob(), attachmentName(res) ?? fallbackName);
}
