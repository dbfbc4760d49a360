import { PLACE_CATEGORIES } from '@portal/contract';
import type { Db } from '../../src/db/database.ts';
import type { NewMapPlaceRow } from '../../src/db/schema.ts';
import { chunked } from './support.ts';

const BOX = { south: 31.215, north: 31.305, west: 121.425, east: 121.48 };

/** A deterministic scatter in [0, 1): the fractional parts of multiples of two irrationals. */
const spread = (i: number, step: number) => (i * step) % 1;

/**
 * Adds `count` published places of `jingan`, of the four categories in turn, spread evenly over
 * the district's box (a deterministic scatter), for the places-near bench.
 */
export async function fillPlaces({ db }: Db, count: number): Promise<void> {
  const now = Date.now();
  const rows: NewMapPlaceRow[] = Array.from({ length: count }, (_, n) => {
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
  await chunked(rows, (chunk) => db.insertInto('map_places').values(chunk).execute());
}
