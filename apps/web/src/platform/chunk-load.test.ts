import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, entryScriptOf, loadChunk } from './chunk-load.ts';

const page = (entry: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head></html>`;

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('resolves with the chunk', async () => {
    await expect(loadChunk(async () => 'page')).resolves.toBe('page');
  });

  it('gives up after 120 s with a timeout for the retry screen', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise<never>(() => {})).catch((error) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('页面加载超时');
  });

  it('reloads the page once when a new build was deployed, and not again for the same build', async () => {
    const reload = vi.fn();
    const deps = {
      fetchPage: async () => page('/assets/index-NEW.js'),
      currentEntry: () => '/assets/index-OLD.js',
      reload,
    };
    const missing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const first = loadChunk(missing, deps);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const settled = await Promise.race([
      first.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
    // After the reload the same failure for the same build is a real failure: no loop.
    await expect(loadChunk(missing, deps)).rejects.toMatchObject({ reason: 'failed' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the retry screen when the build is the same or the page cannot be fetched', async () => {
    const reload = vi.fn();
    const missing = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(
      loadChunk(missing, {
        fetchPage: async () => page('/assets/index-A.js'),
        currentEntry: () => '/assets/index-A.js',
        reload,
      }),
    ).rejects.toMatchObject({ reason: 'failed', message: '页面加载失败' });
    await expect(
      loadChunk(missing, {
        fetchPage: () => Promise.reject(new TypeError('offline')),
        currentEntry: () => '/assets/index-A.js',
        reload,
      }),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).not.toHaveBeenCalled();
  });

  it('finds the entry script in the served page', () => {
    expect(entryScriptOf(page('/xuhui/assets/index-1.js'))).toBe('/xuhui/assets/index-1.js');
    expect(entryScriptOf('<html></html>')).toBeNull();
  });
});
