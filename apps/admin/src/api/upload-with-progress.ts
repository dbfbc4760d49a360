import type { Envelope } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { ApiError, storedSite, storedToken, TOKEN_KEY } from './client.ts';

/** The least time an upload is given before it is abandoned. */
const LEAST_UPLOAD_MS = 300_000;
/** The slowest line an upload is waited for: a large recording gets longer than five minutes. */
const SLOWEST_BYTES_PER_SECOND = 50 * 1024;

/**
 * Posts `file` (field `file`, after the text `fields`) to `path` as multipart, reporting the share
 * sent so far (0 to 100) to `onProgress`; answers the envelope's data, and refusals throw an
 * {@link ApiError} as the other calls do. Given at least five minutes, more for a large file (a
 * 2 GB recording at 50 KB/s).
 * Sent with XMLHttpRequest: fetch reports no upload progress over HTTP/1.1 (ky's
 * `onUploadProgress` streams the body, which browsers refuse there).
 */
export function uploadWithProgress<T>(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.timeout = Math.max(LEAST_UPLOAD_MS, (file.size / SLOWEST_BYTES_PER_SECOND) * 1000);
    const token = storedToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    const site = storedSite();
    if (site) request.setRequestHeader('x-site', site);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    const failed = () => reject(new ApiError(-1, '网络异常，请检查网络后重试'));
    request.onerror = failed;
    request.ontimeout = failed;
    request.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<T>;
      } catch {
        reject(new ApiError(request.status, '服务器异常，请稍后重试'));
        return;
      }
      if (envelope.code === 0) {
        resolve(envelope.data);
        return;
      }
      if (envelope.code === ErrorCode.loginRequired) localStorage.removeItem(TOKEN_KEY);
      reject(new ApiError(envelope.code, envelope.message || '上传失败'));
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', file, file.name);
    request.send(body);
  });
}
