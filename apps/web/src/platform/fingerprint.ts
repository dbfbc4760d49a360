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

/** The time zone's standard-time offset in minutes (the same in summer and winter). */
function standardOffset(): number {
  const year = new Date().getFullYear();
  return Math.max(
    new Date(year, 0, 1).getTimezoneOffset(),
    new Date(year, 6, 1).getTimezoneOffset(),
  );
}

/**
 * A device fingerprint from stable browser properties (not a secret; a hint for sessions). The
 * time zone is taken as its standard UTC offset: its name (`Intl.DateTimeFormat().resolvedOptions()`)
 * costs the first Intl call of the page, loading the locale data (30 ms on a desktop, over
 * 100 ms on a phone) in the boot script, before anything is drawn; nothing else here needs it.
 */
export function computeFingerprint(nav: Navigator = navigator, scr: Screen = screen): string {
  const parts = [
    nav.userAgent,
    nav.language,
    nav.languages?.join(','),
    nav.hardwareConcurrency,
    nav.maxTouchPoints,
    `${scr.width}x${scr.height}x${scr.colorDepth}`,
    standardOffset(),
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
