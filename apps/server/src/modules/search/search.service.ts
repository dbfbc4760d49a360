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
import { PUBLIC_CACHE_MS, type PublicCache } from '../../platform/public-cache.ts';
import { ShortCache } from '../../platform/short-cache.ts';
import { TALLY_FLUSH_MS, Tally } from '../../platform/tally.ts';
import { withCards } from '../content/content-kinds.ts';
import {
  addTermCounts,
  countMatches,
  firstPagesHolding,
  listHotTerms,
  type SearchHitRow,
  type SearchScope,
  searchRows,
  searchVersion,
} from './search.queries.ts';

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

/** Characters of a page shown before and after the words found in it. */
const EXCERPT_BEFORE = 24;
const EXCERPT_AFTER = 48;

/**
 * The text around the first place `text` holds `q` (ellipses where it is cut), split as
 * {@link highlight} splits a title.
 */
export function excerptAround(text: string, q: string): HighlightSegment[] {
  const at = text.toLowerCase().indexOf(q.toLowerCase());
  if (at === -1) return highlight(text.slice(0, EXCERPT_BEFORE + EXCERPT_AFTER), q);
  const start = Math.max(0, at - EXCERPT_BEFORE);
  const end = Math.min(text.length, at + q.length + EXCERPT_AFTER);
  const cut = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  return highlight(cut, q);
}

/**
 * How long a term's ranked hits are reused. What it finds follows every change at once (the
 * kept hits are tagged with the site's search version); only the order by popularity (a learner
 * starting a course, a seat taken) may lag this much.
 */
export const RANKING_CACHE_MS = 30_000;

/** The hits kept ranked per term: the first ten pages of 20. Later pages read the database. */
export const RANKING_KEPT = 200;

/** The pages of a term whose answers are kept briefly, as a visitor's list's first pages are. */
export const KEPT_PAGES = 3;

/** A term's first {@link RANKING_KEPT} hits in order, and how many there are in all. */
interface Ranking {
  rows: SearchHitRow[];
  total: number;
}

/** Search across a site's published content, and its hot terms. */
export class SearchService {
  /**
   * Ranked hits per site, type and term, shared by every caller: a common term finds thousands
   * of documents in a district, and ranking them all on every call would cost each searcher that.
   */
  private readonly rankings = new ShortCache<Ranking>(RANKING_CACHE_MS);
  /**
   * The answers of the first pages with their cards, kept as briefly as the visitors' lists
   * (the cards show what the public cache's content version follows: seats, a status).
   */
  private readonly pages = new ShortCache<Page<SearchResult>>(PUBLIC_CACHE_MS);
  private readonly terms: Tally;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
    onError: (error: unknown) => void = () => {},
    /** Its content version retires the kept pages when what the cards show changes. */
    private readonly publicCache: PublicCache | null = null,
  ) {
    this.terms = new Tally(
      (siteKey, counts) => addTermCounts(this.db, siteKey, counts, this.now()),
      onError,
    );
  }

  /**
   * One page of results for `query.q`; the first page of a search that finds something counts
   * the term towards the site's hot terms (later pages are the same search scrolled).
   */
  async search(siteKey: string, query: SearchQuery): Promise<Page<SearchResult>> {
    const { q, type, page, size } = query;
    if (q === '') throw invalid(SearchMessages.empty);
    const filter = { siteKey, q, type };
    const [version, shown] = await Promise.all([
      searchVersion(this.db, siteKey),
      this.publicCache ? this.publicCache.version(siteKey) : '',
    ]);
    const read = () => this.results(filter, query, version);
    const found =
      page > KEPT_PAGES || shown === null
        ? await read()
        : await this.pages.get(
            `${siteKey}\n${type}\n${q}\n${page}\n${size}`,
            this.now(),
            read,
            `${version}.${shown}`,
          );
    if (page === 1 && found.total > 0) this.terms.add(siteKey, normaliseTerm(q));
    return found;
  }

  /** One page of results with their cards, from the term's ranking under `version`. */
  private async results(
    filter: SearchScope,
    query: SearchQuery,
    version: string,
  ): Promise<Page<SearchResult>> {
    const { siteKey, q } = filter;
    const ranking = await this.ranking(filter, version);
    return readPage(
      query,
      {
        count: async () => ranking.total,
        rows: async (window) =>
          window.offset + window.limit <= RANKING_KEPT
            ? ranking.rows.slice(window.offset, window.offset + window.limit)
            : searchRows(this.db, this.engine, { ...filter, ...window }),
      },
      // Each kind's cards come from the content registry (the same rows favourites show).
      async (rows) => {
        const carded = await withCards(this.db, siteKey, rows, (row) => [row.kind, row.ref_id]);
        const insides = await this.insides(
          carded.map(({ row }) => row),
          q,
        );
        return carded.map(({ row, card }) => ({
          type: row.kind,
          id: row.ref_id,
          title: row.title,
          highlights: highlight(row.title, q),
          cover: card.cover,
          subtitle: card.subtitle,
          inside: row.kind === 'ebook' ? (insides.get(row.ref_id) ?? null) : null,
        }));
      },
    );
  }

  /**
   * Where the e-books among `rows` that `q` found by the words of their PDF (not by their title)
   * hold it: the first such page and the text around it.
   */
  private async insides(
    rows: readonly { kind: string; ref_id: number; title: string }[],
    q: string,
  ) {
    const needle = q.toLowerCase();
    const ids = rows
      .filter((row) => row.kind === 'ebook' && !row.title.toLowerCase().includes(needle))
      .map((row) => row.ref_id);
    const pages = await firstPagesHolding(this.db, this.engine, ids, q);
    return new Map(
      [...pages].map(([id, { page, text }]) => [id, { page, excerpt: excerptAround(text, q) }]),
    );
  }

  /** Writes the tallied searches to the hot terms now (before the app closes). */
  flushTerms(): Promise<void> {
    return this.terms.flush();
  }

  /**
   * The term's ranked hits under the site's current search version, kept for
   * {@link RANKING_CACHE_MS}: the first {@link RANKING_KEPT} rows, counted only when there are
   * more.
   */
  private ranking(filter: SearchScope, version: string): Promise<Ranking> {
    const key = `${filter.siteKey}\n${filter.type}\n${filter.q}`;
    return this.rankings.get(
      key,
      this.now(),
      async () => {
        const rows = await searchRows(this.db, this.engine, {
          ...filter,
          limit: RANKING_KEPT,
          offset: 0,
        });
        const total =
          rows.length < RANKING_KEPT
            ? rows.length
            : await countMatches(this.db, this.engine, filter);
        return { rows, total };
      },
      version,
    );
  }

  /** The site's most searched terms (as written: the last {@link TALLY_FLUSH_MS} may be missing). */
  async hotTerms(siteKey: string): Promise<HotTerm[]> {
    const rows = await listHotTerms(this.db, siteKey, HOT_TERMS_MAX);
    return rows.map((row) => ({ term: row.term, count: Number(row.count) }));
  }
}
