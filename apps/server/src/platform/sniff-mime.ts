/**
 * What an uploaded file is, told from its first bytes (its "magic number"), never from the
 * name or the type the browser claimed: a renamed `.exe` stays an `.exe`.
 */

/** The types uploads may have, with the extension a stored file of that type gets. */
export const SNIFFED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type SniffedMime = keyof typeof SNIFFED_TYPES;

/** How many leading bytes {@link sniffMime} looks at. */
export const SNIFF_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** `%PDF-` */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** `RIFF`, then 4 bytes of length, then `WEBP`. */
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (head: Uint8Array, magic: readonly number[], at = 0) =>
  head.length >= at + magic.length && magic.every((byte, i) => head[at + i] === byte);

/** The type of a file from its first bytes (at least {@link SNIFF_BYTES} when it is that long); null when it is none of {@link SNIFFED_TYPES}. */
export function sniffMime(head: Uint8Array): SniffedMime | null {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}

/** `ftyp` at byte 4: an ISO base media file (MP4, M4V, MOV). */
const FTYP = [0x66, 0x74, 0x79, 0x70];
/** The EBML header of Matroska and WebM. */
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * A video's container from its first bytes, as the extension it is kept under: `mp4` (an ISO
 * base media file) or `webm`; null for anything else.
 */
export function sniffVideo(head: Uint8Array): 'mp4' | 'webm' | null {
  if (startsWith(head, FTYP, 4)) return 'mp4';
  if (startsWith(head, EBML)) return 'webm';
  return null;
}
