import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStore } from './file-store.ts';

/**
 * How old an unreferenced upload must be before the sweep removes it: an upload is kept first
 * and its row written after (a team's avatar before the team is created), so a young file
 * without its row may be on its way to one.
 */
export const SWEEP_GRACE_MS = 24 * 3600 * 1000;

/** Names the sweep is allowed to remove in a folder: the random names uploads are kept under. */
const UPLOAD_NAME = /^[A-Za-z0-9_-]{22}\.[a-z0-9]{1,5}$/;

/** How many names are looked up in one query. */
const BATCH = 500;

/** A folder of uploads and the question of which of its names rows still point to. */
interface SweptFolder {
  folder: string;
  referenced: (db: Kysely<Database>, names: string[]) => Promise<string[]>;
}

/** Names of a `/files/...` URL column that are among `names` (URLs are `/` + folder + name). */
const byUrl =
  (folder: string, table: 'users' | 'teams') => async (db: Kysely<Database>, names: string[]) => {
    const urls = names.map((name) => `/${folder}${name}`);
    const rows = await db.selectFrom(table).select('avatar').where('avatar', 'in', urls).execute();
    return rows.map((row) => (row.avatar ?? '').slice(folder.length + 1));
  };

/** Every folder learners upload into, with the rows that keep its files. */
const SWEPT: SweptFolder[] = [
  { folder: 'files/avatars/', referenced: byUrl('files/avatars/', 'users') },
  { folder: 'files/team-avatars/', referenced: byUrl('files/team-avatars/', 'teams') },
  {
    folder: 'files/team-works/',
    referenced: async (db, names) => {
      const rows = await db
        .selectFrom('team_work_images')
        .select(['image_key', 'thumb_key'])
        .where((eb) => eb.or([eb('image_key', 'in', names), eb('thumb_key', 'in', names)]))
        .execute();
      return rows.flatMap((row) => [row.image_key, row.thumb_key]);
    },
  },
  {
    folder: 'uploads/activity-attachments/',
    referenced: async (db, names) => {
      const rows = await db
        .selectFrom('activity_attachments')
        .select('storage_key')
        .where('storage_key', 'in', names)
        .execute();
      return rows.map((row) => row.storage_key);
    },
  },
];

export interface SweepReport {
  /** Uploads looked at (old enough, of an upload's name). */
  checked: number;
  /** Keys removed: no row pointed to them. */
  removed: string[];
}

/**
 * Removes uploaded files that no row points to, older than `graceMs`: left by an upload whose
 * row was never written (a team avatar for a team not created, a failure between keeping a file
 * and writing its row, a crash). Only uploads' random names are touched, never the demo's
 * generated files; with `dryRun`, nothing is removed and the report says what would be.
 */
export async function sweepFiles(
  db: Kysely<Database>,
  files: FileStore,
  options: { now?: number; graceMs?: number; dryRun?: boolean } = {},
): Promise<SweepReport> {
  const before = (options.now ?? Date.now()) - (options.graceMs ?? SWEEP_GRACE_MS);
  const report: SweepReport = { checked: 0, removed: [] };
  for (const { folder, referenced } of SWEPT) {
    const candidates: string[] = [];
    for await (const file of files.list(folder)) {
      const name = file.key.slice(folder.length);
      if (UPLOAD_NAME.test(name) && file.modified.getTime() < before) candidates.push(name);
    }
    report.checked += candidates.length;
    for (let start = 0; start < candidates.length; start += BATCH) {
      const batch = candidates.slice(start, start + BATCH);
      const kept = new Set(await referenced(db, batch));
      const orphans = batch.filter((name) => !kept.has(name)).map((name) => folder + name);
      if (!options.dryRun) await files.remove(orphans);
      report.removed.push(...orphans);
    }
  }
  return report;
}
