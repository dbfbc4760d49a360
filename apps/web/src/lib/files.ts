/** MIME types by file name ending, for phones that hand over a file without a type. */
const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The pictures an upload takes: JPG, PNG or WebP (the server checks the content again). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** The MIME type of a picked file: its own, else the one its name ending suggests. */
export function mimeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const ending = file.name.split('.').pop()?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[ending] ?? '';
}

/** True for a picture (by its type, or its name ending when the phone gives no type). */
export const isImage = (file: Pick<File, 'name' | 'type'>) => mimeOf(file).startsWith('image/');

/** A size for people: 820 KB, 1.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}
