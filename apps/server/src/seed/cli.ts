import { parseArgs } from 'node:util';
import { withMigratedDatabase } from '../db/configured.ts';
import { isEmpty, seedDemo } from './seed.ts';

// npm run seed -- --scale 100   (fills an empty database; --force is not offered on purpose)
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261122' },
  },
});
await withMigratedDatabase(async (database) => {
  if (!(await isEmpty(database))) {
    console.error(
      'The database already has content; seed into an empty one (e.g. a new DATA_DIR).',
    );
    process.exitCode = 1;
    return;
  }
  await seedDemo(database, {
    scale: Number(values.scale),
    seed: Number(values.seed),
    log: console.log,
  });
});
