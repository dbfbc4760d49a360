import { local, StorageKey } from './storage.ts';

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv1a(text: string, seed = 0x811c9dc5): string {
  let hash = seed;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** A device fingerprint from stable browser properties (not a secret; a hint for sessions). */
export function computeFingerprint(nav: Navigator = navigator, scr: Screen = screen): string {
  const parts = [
    nav.userAgent,
    nav.language,
    nav.languages?.join(','),
    nav.hardwareConcurrency,
    nav.maxTouchPoints,
    `${scr.width}x${scr.height}x${scr.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
  return fnv1a(parts) + fnv1a(parts, 0x01000193);
}

/** The stored fingerprint, computed and stored the first time. */
export function fingerprint(): string {
  const stored = local.get(StorageKey.finger);
  if (stored) return stored;
  const value = computeFingerprint();
  local.set(StorageKey.finger, value);
  return value;
}
