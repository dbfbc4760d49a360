import type { AdminVideoUpload } from '@portal/contract';
import { call } from '@/api/client.ts';

/** The length of a video file in whole seconds, read by the browser (0 when it cannot tell). */
export function videoSeconds(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (seconds: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) ? Math.round(seconds) : 0);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(0);
    video.src = url;
  });
}

/** Uploads a lesson video (MP4 or WebM); answers its address and size. */
export function uploadVideo(file: File): Promise<AdminVideoUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call<AdminVideoUpload>('/api/admin/uploads/video', {
    method: 'post',
    body,
    timeout: 300_000,
  });
}
