import type { AdminPdfUpload, Envelope } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { ApiError, storedSite, storedToken, TOKEN_KEY } from '@/api/client.ts';

/** How long one PDF upload may take before it is given up (a large book on a slow line). */
const UPLOAD_TIMEOUT_MS = 300_000;

/**
 * Uploads a PDF (`POST /api/admin/uploads/pdf`), an e-book's or (`use: 'lesson'`) a PDF
 * lesson's, reporting the share sent so far (0 to 100) to `onProgress`; answers its address,
 * size, pages and, for an e-book, the cover made of page 1.
 * Sent with XMLHttpRequest: fetch reports no upload progress over HTTP/1.1 (ky's
 * `onUploadProgress` streams the body, which browsers refuse there). Refusals throw an
 * {@link ApiError} as the other calls do.
 */
export function uploadPdf(
  file: File,
  onProgress: (percent: number) => void,
  use: 'ebook' | 'lesson' = 'ebook',
): Promise<AdminPdfUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/uploads/pdf');
    request.timeout = UPLOAD_TIMEOUT_MS;
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
      let envelope: Envelope<AdminPdfUpload>;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<AdminPdfUpload>;
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
    body.append('use', use);
    body.append('file', file, file.name);
    request.send(body);
  });
}
