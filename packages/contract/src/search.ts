import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { CONTENT_TYPES } from './favourites.ts';

/** Longest search query, in characters. */
export const SEARCH_QUERY_MAX = 50;
/** How many hot terms `GET /api/search/hot` answers. */
export const HOT_TERMS_MAX = 10;

/** What a search looks in: everything, or one content type. */
export const searchTypeSchema = z.enum(['all', ...CONTENT_TYPES]);
export type SearchType = z.infer<typeof searchTypeSchema>;

/**
 * `GET /api/search`: `q` is trimmed; an empty `q` is refused by the server with `请输入搜索内容`
 * (a missing and a blank query read the same to a learner).
 */
export const searchQuerySchema = pageQuery.extend({
  q: z.string().trim().max(SEARCH_QUERY_MAX).default(''),
  type: searchTypeSchema.default('all'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of a title: the parts that match the query have `match: true`. */
export const highlightSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightSegment = z.infer<typeof highlightSegmentSchema>;

/** One search hit: any kind of content of `CONTENT_TYPES`, its title split for highlighting. */
export const searchResultSchema = z.object({
  type: z.enum(CONTENT_TYPES),
  id: z.number().int(),
  title: z.string(),
  /** Null for content without a cover (many articles). */
  cover: z.string().nullable(),
  /**
   * Course: teacher · category; class: term · place; activity: kind · place; e-book: author ·
   * publisher; live session: speaker · channel; article: its kind's name · channel (news:
   * channel · source).
   */
  subtitle: z.string(),
  /** The title in order, split into matching and other parts (joined, they are the title). */
  highlights: z.array(highlightSegmentSchema),
  /**
   * An e-book found by the words of its PDF (not its title): the first page holding them (the
   * reader opens there) and the text around them on that page; null otherwise.
   */
  inside: z
    .object({
      page: z.number().int(),
      /** Text around the words, the words in their own segment as in `highlights`. */
      excerpt: z.array(highlightSegmentSchema),
    })
    .nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `GET /api/search/hot`: the site's most searched terms, most searched first. */
export const hotTermSchema = z.object({ term: z.string(), count: z.number().int() });
export type HotTerm = z.infer<typeof hotTermSchema>;
