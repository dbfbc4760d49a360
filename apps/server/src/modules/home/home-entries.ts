import { HOME_ENTRY_KEYS, type HomeEntryKey } from '@portal/contract/constants';

/** A site's entries as stored (JSON), known keys only; null when it keeps the default. */
export function storedEntries(json: string | null | undefined): HomeEntryKey[] | null {
  if (json === null || json === undefined) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return null;
    const known = new Set<string>(HOME_ENTRY_KEYS);
    return value.filter((key): key is HomeEntryKey => typeof key === 'string' && known.has(key));
  } catch {
    return null;
  }
}
