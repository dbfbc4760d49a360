import { basePath } from './site-config.ts';
import { SessionKey, session } from './storage.ts';

/** How long a page's script chunk may take to load (spec section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page's script could not be loaded: it timed out, or it failed and no new build explains it. */
export class ChunkLoadError extends Error {
  readonly reason: 'timeout' | 'failed';
  constructor(reason: 'timeout' | 'failed', cause?: unknown) {
    super(reason === 'timeout' ? '页面加载超时' : '页面加载失败', { cause });
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

const ENTRY_PATTERN = /<script[^>]*type="module"[^>]*src="([^"]+)"/;

/** The entry script of a page's HTML, e.g. `/assets/index-3f2a.js`. */
export function entryScriptOf(html: string): string | null {
  return ENTRY_PATTERN.exec(html)?.[1] ?? null;
}

export interface ChunkLoadDeps {
  timeoutMs?: number;
  /** The served page's HTML now (to see whether a new build was deployed). */
  fetchPage?: () => Promise<string>;
  /** The entry script this page was started with. */
  currentEntry?: () => string | null;
  reload?: () => void;
}

const defaults: Required<ChunkLoadDeps> = {
  timeoutMs: CHUNK_TIMEOUT_MS,
  fetchPage: async () => {
    const response = await fetch(`${basePath}/`, { cache: 'no-store' });
    return response.text();
  },
  currentEntry: () =>
    document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null,
  reload: () => window.location.reload(),
};

/**
 * True when the server now serves a build whose entry differs from this page's, and the page has
 * not already reloaded for that build (so a broken deploy cannot cause a reload loop).
 */
async function shouldReload(deps: Required<ChunkLoadDeps>): Promise<boolean> {
  try {
    const served = entryScriptOf(await deps.fetchPage());
    const current = deps.currentEntry();
    if (!served || !current || served === current) return false;
    if (session.get(SessionKey.chunkReload) === served) return false;
    session.set(SessionKey.chunkReload, served);
    return true;
  } catch {
    // The page itself cannot be fetched: the network is down, so a retry screen is right.
    return false;
  }
}

/**
 * Loads a lazy chunk with the spec's time-out. A chunk that is missing because a new build was
 * deployed reloads the page once (the new build has the new chunk names); any other failure
 * rejects with a {@link ChunkLoadError} for the retry screen.
 */
export function loadChunk<T>(load: () => Promise<T>, deps: ChunkLoadDeps = {}): Promise<T> {
  const options = { ...defaults, ...deps };
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), options.timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      async (error: unknown) => {
        clearTimeout(timer);
        if (await shouldReload(options)) {
          options.reload();
          return; // stays pending: the page is going away
        }
        reject(new ChunkLoadError('failed', error));
      },
    );
  });
}
