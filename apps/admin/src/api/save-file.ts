import type { Envelope } from '@portal/contract';
import { ApiError, storedSite, storedToken } from './client.ts';

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a `Content-Disposition` (its UTF-8 `filename*`, else `filename`). */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads a file the API answers itself (an export, an attachment) with the console's login
 * in the header, never in the address, and saves it under the name the server gives; a refusal
 * (the envelope, as JSON) throws an {@link ApiError} with its message.
 */
export async function downloadFile(
  path: string,
  searchParams: Record<string, string | number | undefined>,
  fallbackName: string,
): Promise<string> {
  const query = new URLSearchParams(
    Object.entries(searchParams)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  const headers: Record<string, string> = {};
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const site = storedSite();
  if (site) headers['x-site'] = site;
  let response: Response;
  try {
    response = await fetch(`${path}?${query}`, { headers });
  } catch {
    throw new ApiError(-1, '网络异常，请检查网络后重试');
  }
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(envelope?.code ?? response.status, envelope?.message || '下载失败');
  }
  if (!response.ok) throw new ApiError(response.status, '下载失败，请稍后重试');
  const name = dispositionName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}
