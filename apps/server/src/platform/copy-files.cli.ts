import { parseArgs } from 'node:util';
import { fromInvocation, loadCommandConfig } from '../config.ts';
import { copyFiles } from './copy-files.ts';
import { LocalFileStore, S3FileStore } from './file-store.ts';

/*
 * npm run files:copy-to-bucket [-- --from DATA_DIR]
 *
 * Copies the kept files of a local data folder (files/, media/, uploads/; DATA_DIR by default)
 * into the bucket the S3_* settings name, making the bucket when it is missing. Files the bucket
 * has with the same size are skipped, so it can run again after an interruption, or once more
 * just before the instances switch to the bucket. Nothing is removed from the folder.
 */
const { values } = parseArgs({ options: { from: { type: 'string' } } });
const config = loadCommandConfig();
if (!config.s3) {
  console.error('请先设置 S3_BUCKET（以及 S3_ENDPOINT、S3_ACCESS_KEY_ID 等）再复制文件。');
  process.exit(2);
}
const from = new LocalFileStore(values.from ? fromInvocation(values.from) : config.dataDir);
const to = new S3FileStore(config.s3);
try {
  await to.ensureBucket();
  const started = Date.now();
  const report = await copyFiles(from, to, (line) => console.log(line));
  console.log(
    `Copied ${report.copied} files (${(report.bytes / 1024 / 1024).toFixed(1)} MB) from ${from.root} ` +
      `to bucket ${to.bucket}; ${report.skipped} were there already (${Date.now() - started} ms).`,
  );
} catch (error) {
  console.error(`复制失败：${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await to.close();
}
