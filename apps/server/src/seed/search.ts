import type { SeedContext } from './support.ts';

/** Hot terms a learner sees before anyone has searched, with plausible counts. */
const HOT_TERMS = ['智能手机', '太极', '书法', '合唱', '摄影', '养生', '微信', '国画'];

/** Seeds each site's hot terms (the counts differ per site so the order does too). */
export async function seedSearchTerms({ db, random, now }: SeedContext) {
  const sites = await db.selectFrom('sites').select('key').execute();
  const rows = sites.flatMap((site) =>
    HOT_TERMS.map((term, i) => ({
      site_key: site.key,
      term,
      count: (HOT_TERMS.length - i) * 40 + random.int(0, 30),
      updated_at: now,
    })),
  );
  if (rows.length > 0) await db.insertInto('search_terms').values(rows).execute();
}
