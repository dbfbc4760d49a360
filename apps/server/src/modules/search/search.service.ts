import {
  type HighlightSegment,
  HOT_TERMS_MAX,
  type HotTerm,
  type Page,
  type SearchQuery,
  type SearchResult,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { withCards } from '../content/content-kinds.ts';
import { countMatches, countTerm, listHotTerms, searchRows } from './search.queries.ts';

export const SearchMessages = { empty: '请输入搜索内容' } as const;

/** A term as it is counted: trimmed, inner spaces collapsed, lower case. */
export function normaliseTerm(q: string): string {
  return q.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * `title` split into the parts that contain `q` (case-insensitive) and the rest, in order; the
 * texts joined give `title` back.
 */
export function highlight(title: string, q: string): HighlightSegment[] {
  const needle = q.toLowerCase();
  const haystack = title.toLowerCase();
  // Lower-casing keeps the length of the CJK and ASCII text we match; if it did not, a plain
  // title is the safe answer.
  if (needle === '' || haystack.length !== title.length) return [{ text: title, match: false }];
  const segments: HighlightSegment[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) segments.push({ text: title.slice(from, at), match: false });
    segments.push({ text: title.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < title.length) segments.push({ text: title.slice(from), match: false });
  return segments;
}

/** Search across a site's published courses, classes, activities and e-books, and its hot terms. */
export class SearchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One page of results for `query.q`; the first page of a search that finds something counts
   * the term towards the site's hot terms (later pages are the same search scrolled).
   */
  async search(siteKey: string, query: SearchQuery): Promise<Page<SearchResult>> {
    const { q, type, page } = query;
    if (q === '') throw invalid(SearchMessages.empty);
    const filter = { siteKey, q, type };
    const found = await readPage(
      query,
      {
        count: () => countMatches(this.db, this.engine, filter),
        rows: (window) => searchRows(this.db, this.engine, { ...filter, ...window }),
      },
      // Each kind's cards come from the content registry (the same rows favourites show).
      async (rows) =>
        (await withCards(this.db, siteKey, rows, (row) => [row.kind, row.ref_id])).map(
          ({ row, card }) => ({
            type: row.kind,
            id: row.ref_id,
            title: row.title,
            highlights: highlight(row.title, q),
            cover: card.cover,
            subtitle: card.subtitle,
          }),
        ),
    );
    if (page === 1 && found.total > 0) {
      await countTerm(this.db, siteKey, normaliseTerm(q), this.now());
    }
    return found;
  }

  /** The site's most searched terms. */
  async hotTerms(siteKey: string): Promise<HotTerm[]> {
    const rows = await listHotTerms(this.db, siteKey, HOT_TERMS_MAX);
    return rows.map((row) => ({ term: row.term, count: Number(row.count) }));
  }
}
