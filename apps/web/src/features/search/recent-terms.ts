import { local, StorageKey } from '@/platform/storage.ts';

/**
 * Longest query, the contract's `SEARCH_QUERY_MAX` (a value of the contract's index would bring
 * zod into the bundle, so it is repeated here).
 */
export const SEARCH_QUERY_MAX = 50;

/** How many recent terms the device keeps. */
export const RECENT_TERMS_MAX = 10;

/** The learner's recent search terms on this device, newest first. */
export function readRecentTerms(): string[] {
  try {
    const value: unknown = JSON.parse(local.get(StorageKey.searchHistory) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((term): term is string => typeof term === 'string' && term.trim() !== '')
      .slice(0, RECENT_TERMS_MAX);
  } catch {
    return [];
  }
}

/** Puts `term` first (once), keeping at most {@link RECENT_TERMS_MAX}; answers the new list. */
export function addRecentTerm(term: string): string[] {
  const clean = term.trim().slice(0, SEARCH_QUERY_MAX);
  if (clean === '') return readRecentTerms();
  const next = [clean, ...readRecentTerms().filter((t) => t !== clean)].slice(0, RECENT_TERMS_MAX);
  local.set(StorageKey.searchHistory, JSON.stringify(next));
  return next;
}

/** Forgets every recent term. */
export function clearRecentTerms(): void {
  local.remove(StorageKey.searchHistory);
}
