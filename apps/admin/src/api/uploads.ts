import type { AdminUpload } from '@portal/contract';
import { call } from './client.ts';

/** Uploads an image (JPG, PNG or WebP) for a cover or an article's body; answers its address. */
export function uploadImage(file: File): Promise<AdminUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call<AdminUpload>('/api/admin/uploads/image', { method: 'post', body });
}
