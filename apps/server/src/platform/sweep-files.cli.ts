import { parseArgs } from 'node:util';
import { loadCommandConfig } from '../config.ts';
import { withMigratedDatabase } from '../db/configured.ts';
import { createFileStore } from './file-store.ts';
import { SWEEP_GRACE_MS, sweepFiles } from './sweep-files.ts';

/*
 * npm run files:sweep [-- --dry-run] [-- --grace-hours 24]
 *
 * Removes uploaded files (avatars, team avatars, team works' pictures, activity attachments)
 * that no row points to and that are older than the grace (24 hours): what an upload leaves when
 * its row never comes. Same settings as the server (DATA_DIR, DATABASE_URL, S3_*); safe while it
 * serves, and on any instance (deploy/systemd/portal-sweep.timer runs it daily).
 */
const { values } = parseArgs({
  options: { 'dry-run': { type: 'boolean' }, 'grace-hours': { type: 'string' } },
});
const graceHours = values['grace-hours'] === undefined ? null : Number(values['grace-hours']);
if (graceHours !== null && !(Number.isFinite(graceHours) && graceHours >= 1)) {
  console.error('用法：npm run files:sweep [-- --dry-run] [-- --grace-hours 小时数（至少 1）]');
  process.exit(2);
}
const config = loadCommandConfig();
const files = createFileStore(config);
try {
  await withMigratedDatabase(async ({ db }) => {
    const dryRun = values['dry-run'] === true;
    const report = await sweepFiles(db, files, {
      dryRun,
      graceMs: graceHours === null ? SWEEP_GRACE_MS : graceHours * 3600 * 1000,
    });
    for (const key of report.removed) console.log(`${dryRun ? 'would remove' : 'removed'} ${key}`);
    console.log(
      `${report.checked} uploads checked, ${report.removed.length} without a row ` +
        `${dryRun ? 'would be removed (dry run)' : 'removed'}.`,
    );
  });
} catch (error) {
  console.error(`清理失败：${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await files.close();
}
