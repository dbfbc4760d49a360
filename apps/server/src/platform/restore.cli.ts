import { parseArgs } from 'node:util';
import { fromInvocation, loadCommandConfig } from '../config.ts';
import { BackupRefused, restore } from './backup.ts';

/*
 * npm run restore -- --from <folder> [--replace]
 *
 * Restores a backup of `npm run backup` into the database and the file store of the server's
 * DATA_DIR / DATABASE_URL / S3_* settings, with the portal stopped. Refused, writing nothing:
 * a folder without manifest.json (an unfinished backup), a database copy whose sha256 differs
 * from the manifest's, a backup of the other engine, and a target that is not empty (a SQLite
 * file or PostgreSQL database with tables, a store with files) unless --replace is given.
 * Reports the invariants of the restored database (seats = rows, ledger sum = balance…).
 * Exit codes: 0 done, 1 failed (or restored with broken invariants), 2 refused.
 */
let values: { from?: string; replace?: boolean } = {};
try {
  ({ values } = parseArgs({
    options: { from: { type: 'string' }, replace: { type: 'boolean', default: false } },
  }));
} catch {
  values = {};
}
if (!values.from) {
  console.error('用法：npm run restore -- --from <备份文件夹> [--replace]');
  process.exit(2);
}
const settings = loadCommandConfig();
const source = fromInvocation(values.from);
const started = Date.now();
try {
  const report = await restore(settings, source, {
    replace: values.replace,
    log: (line) => console.log(line),
  });
  const { manifest, files, invariants } = report;
  console.log(
    `Restored the ${manifest.engine} database of ${manifest.takenAt} (migration ` +
      `${manifest.migration}) and ${files.copied} files (${files.skipped} already there) from ` +
      `${source} in ${Date.now() - started} ms.`,
  );
  if (!invariants.checked) {
    console.log(
      'Invariants not checked: the backup is of an earlier migration; the server migrates it at start.',
    );
  } else if (invariants.broken.length === 0) {
    console.log('Invariants hold (seats = rows, ledger sum = balance, team leaders, daily caps).');
  } else {
    console.error(`已恢复，但以下检查未通过：\n  ${invariants.broken.join('\n  ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof BackupRefused) {
    console.error(`未恢复：${error.message}`);
    process.exitCode = 2;
  } else {
    console.error(`恢复失败：${(error as Error).message}`);
    process.exitCode = 1;
  }
}
