import { parseArgs } from 'node:util';
import { fromInvocation, loadCommandConfig } from '../config.ts';
import { BackupRefused, backup, engineOf } from './backup.ts';

/*
 * npm run backup -- --to <folder>
 *
 * Backs up the portal while it serves, with the server's DATA_DIR / DATABASE_URL / S3_* settings,
 * into a new folder: the database (SQLite's online backup of DATA_DIR/portal.sqlite, checked
 * with integrity_check; or pg_dump of DATABASE_URL), the kept files of the file store (the
 * local folder or the bucket) under store/, and manifest.json, written last. A folder that
 * exists and is not empty is refused; a failed backup leaves nothing behind.
 * Exit codes: 0 done, 1 failed, 2 refused (nothing written).
 */
let to: string | undefined;
try {
  ({ to } = parseArgs({ options: { to: { type: 'string' } } }).values);
} catch {
  to = undefined;
}
if (!to) {
  console.error('用法：npm run backup -- --to <新的备份文件夹>');
  process.exit(2);
}
const settings = loadCommandConfig();
const target = fromInvocation(to);
const started = Date.now();
try {
  const manifest = await backup(settings, target, { log: (line) => console.log(line) });
  console.log(
    `Backed up the ${engineOf(settings)} database (migration ${manifest.migration}, ` +
      `${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB) and ${manifest.files.count} files ` +
      `(${(manifest.files.bytes / 1024 / 1024).toFixed(1)} MB) to ${target} in ${Date.now() - started} ms.`,
  );
} catch (error) {
  if (error instanceof BackupRefused) {
    console.error(`未备份：${error.message}`);
    process.exitCode = 2;
  } else {
    console.error(`备份失败（未留下不完整的备份）：${(error as Error).message}`);
    process.exitCode = 1;
  }
}
