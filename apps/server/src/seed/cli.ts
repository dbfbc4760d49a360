import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { isEmpty, seedDemo } from './seed.ts';

// npm run seed -- --scale 100   (fills an empty database; --force is not offered on purpose)
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261122' },
  },
});
const config = loadConfig();
const database = await createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'portal.sqlite'),
});
try {
  await migrateToLatest(database);
  if (!(await isEmpty(database))) {
    console.error(
      'The database already has content; seed into an empty one (e.g. a new DATA_DIR).',
    );
    process.exitCode = 1;
  } else {
    await seedDemo(database, {
      scale: Number(values.scale),
      seed: Number(values.seed),
      log: console.log,
    });
  }
} finally {
  await database.destroy();
}
