import type { AdminPdfUpload } from '@portal/contract';
import { uploadWithProgress } from '@/api/upload-with-progress.ts';

/**
 * Uploads a PDF (`POST /api/admin/uploads/pdf`), an e-book's or (`use: 'lesson'`) a PDF
 * lesson's, reporting the share sent so far (0 to 100) to `onProgress`; answers its address,
 * size, pages and, for an e-book, the cover made of page 1.
 */
export function uploadPdf(
  file: File,
  onProgress: (percent: number) => void,
  use: 'ebook' | 'lesson' = 'ebook',
): Promise<AdminPdfUpload> {
  return uploadWithProgress('/api/admin/uploads/pdf', file, onProgress, { use });
}
