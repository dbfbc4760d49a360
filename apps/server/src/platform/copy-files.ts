import type { FileStore } from './file-store.ts';

/** The folders of a store that hold kept files (temporary uploads wait outside them). */
export const KEPT_FOLDERS = ['files/', 'media/', 'uploads/'] as const;

/** How many files are copied at once. */
const PARALLEL = 8;

export interface CopyReport {
  /** Files written to the target. */
  copied: number;
  /** Files the target had already, of the same size. */
  skipped: number;
  bytes: number;
}

/**
 * Copies every kept file of `from` into `to` under the same key, skipping those `to` has with
 * the same size: run again after an interruption, it copies only what is missing. Nothing is
 * removed from either store.
 */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  log: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const folder of KEPT_FOLDERS) {
    const present = new Map<string, number>();
    for await (const { key, size } of to.list(folder)) present.set(key, size);
    const pending: Array<{ key: string; size: number }> = [];
    for await (const file of from.list(folder)) {
      if (present.get(file.key) === file.size) report.skipped += 1;
      else pending.push(file);
    }
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const file = pending[next] as { key: string; size: number };
        next += 1;
        const source = await from.open(file.key);
        // Removed since it was listed (an avatar replaced meanwhile): nothing to copy.
        if (!source) continue;
        await to.putStream(file.key, source.body, source.size);
        report.copied += 1;
        report.bytes += source.size;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    log(`${folder}: ${pending.length} copied, ${present.size} already there`);
  }
  return report;
}
