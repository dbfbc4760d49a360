import type { AdminAudioUpload, AdminVideoUpload } from '@portal/contract';
import { call } from '@/api/client.ts';

/** The length of a video file in whole seconds, read by the browser (0 when it cannot tell). */
export function videoSeconds(file: File): Promise<number> {
  return mediaSeconds(file, 'video');
}

/** The length of an audio file in whole seconds, read by the browser (0 when it cannot tell). */
export function audioSeconds(file: File): Promise<number> {
  return mediaSeconds(file, 'audio');
}

/** A media file's length from its metadata, read by a detached `<video>` or `<audio>`. */
function mediaSeconds(file: File, tag: 'video' | 'audio'): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const media = document.createElement(tag);
    const done = (seconds: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) ? Math.round(seconds) : 0);
    };
    media.preload = 'metadata';
    media.onloadedmetadata = () => done(media.duration);
    media.onerror = () => done(0);
    media.src = url;
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

/** Uploads a lesson audio (MP3 or M4A, told by its content); answers its address and size. */
export function uploadAudio(file: File): Promise<AdminAudioUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call<AdminAudioUpload>('/api/admin/uploads/audio', {
    method: 'post',
    body,
    timeout: 300_000,
  });
}
