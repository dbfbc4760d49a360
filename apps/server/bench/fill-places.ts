import { PLACE_CATEGORIES } from '@portal/contract';
import { openConfiguredDatabase } from '../src/db/configured.ts';
import { refreshStatistics } from '../src/db/database.ts';
import type { NewMapPlaceRow } from '../src/db/schema.ts';

// tsx bench/fill-places.ts   (same DATA_DIR / DATABASE_URL as the server under test)
// Adds BENCH_PLACES (10,000) published places of `jingan`, of the four categories in turn,
// spread evenly over the district's box (a deterministic scatter), for the places-near bench.

const PLACES = Number(process.env.BENCH_PLACES ?? 10_000);
const CHUNK = 500;
const BOX = { south: 31.215, north: 31.305, west: 121.425, east: 121.48 };

/** A deterministic scatter in [0, 1): the fractional parts of multiples of two irrationals. */
const spread = (i: number, step: number) => (i * step) % 1;

const database = await openConfiguredDatabase();
const { db } = database;
const now = Date.now();
const started = Date.now();
try {
  for (let i = 0; i < PLACES; i += CHUNK) {
    const rows: NewMapPlaceRow[] = Array.from({ length: Math.min(CHUNK, PLACES - i) }, (_, k) => {
      const n = i + k;
      const lat = BOX.south + spread(n, 0.618_033_988_75) * (BOX.north - BOX.south);
      const lng = BOX.west + spread(n, 0.414_213_562_37) * (BOX.east - BOX.west);
      return {
        site_key: 'jingan',
        category: PLACE_CATEGORIES[n % PLACE_CATEGORIES.length] ?? 'point',
        kind: '基准学习点',
        parent_id: null,
        name: `基准地点${n}`,
        street: '基准街道',
        address: `上海市静安区基准路${n}号`,
        lat: Number(lat.toFixed(6)),
        lng: Number(lng.toFixed(6)),
        published: 1,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto('map_places').values(rows).execute();
  }
  // Fresh statistics for the planner, read by the server already running on this database.
  await refreshStatistics(database);
  console.log(`fill-places: ${PLACES} places in ${Date.now() - started} ms`);
} finally {
  await database.destroy();
}
