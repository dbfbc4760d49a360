import type { AdminAudioUpload, AdminVideoUpload } from '@portal/contract';
import { uploadWithProgress } from '@/api/upload-with-progress.ts';

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

/** Uploads a lesson video or a replay (MP4 or WebM), reporting the share sent (0 to 100). */
export function uploadVideo(
  file: File,
  onProgress: (percent: number) => void,
): Promise<AdminVideoUpload> {
  return uploadWithProgress('/api/admin/uploads/video', file, onProgress);
}

/** Uploads a lesson audio (MP3 or M4A, told by its content), reporting the share sent. */
export function uploadAudio(
  file: File,
  onProgress: (percent: number) => void,
): Promise<AdminAudioUpload> {
  return uploadWithProgress('/api/admin/uploads/audio', file, onProgress);
}
