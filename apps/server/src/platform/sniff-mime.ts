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

/** `ID3`: an ID3v2 tag, which MP3 files carry before their first frame. */
const ID3 = [0x49, 0x44, 0x33];
/** Major brands of ISO base media files that hold audio only (iTunes' M4A and M4B, Adobe's F4A/F4B). */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'F4A ', 'F4B ']);

/** An ID3v2 header: version 2 to 4, sizes in 7-bit bytes (a plain `ID3` prefix is not enough). */
function isId3(head: Uint8Array): boolean {
  if (!startsWith(head, ID3) || head.length < 10) return false;
  const version = head[3] ?? 0;
  const sizes = [head[6], head[7], head[8], head[9]];
  return version >= 2 && version <= 4 && head[4] !== 0xff && sizes.every((b) => (b ?? 0x80) < 0x80);
}

/**
 * An MPEG audio frame header (MP3 without a tag): 11 sync bits, a known version, Layer III, a
 * bitrate index that is neither free nor bad, and a known sampling rate.
 */
function isMpegLayer3Frame(head: Uint8Array): boolean {
  const [b0, b1, b2] = [head[0] ?? 0, head[1] ?? 0, head[2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 0x03;
  return version !== 0x01 && layer === 0x01 && bitrate !== 0 && bitrate !== 0x0f && rate !== 0x03;
}

/**
 * A lesson audio's format from its first bytes, as the extension it is kept under: `mp3` (an
 * ID3v2 tag or an MPEG Layer III frame) or `m4a` (an ISO base media file whose major brand is
 * an audio one, such as `M4A `); null for anything else, a video MP4 included.
 */
export function sniffAudio(head: Uint8Array): 'mp3' | 'm4a' | null {
  if (isId3(head) || isMpegLayer3Frame(head)) return 'mp3';
  if (startsWith(head, FTYP, 4) && head.length >= 12) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (AUDIO_BRANDS.has(brand)) return 'm4a';
  }
  return null;
}
