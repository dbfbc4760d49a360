import {
  type ContentCard,
  type ContentListQuery,
  type ContentRef,
  ErrorCode,
  type FavouriteItem,
  type FavouriteState,
  type HistoryItem,
  type Page,
  type Removed,
  type ViewRecord,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { isoTime } from '../../platform/time.ts';
import { withCards } from '../content/content-kinds.ts';
import {
  countSavedRows,
  deleteAllSaved,
  deleteSaved,
  hasFavourite,
  insertFavourite,
  isVisible,
  listSavedRows,
  type SavedTable,
  upsertView,
} from './favourites.queries.ts';

/** The Chinese messages of favourites and history, as the caller sees them. */
export const FavouriteMessages = {
  notFound: '内容不存在或已下线',
} as const;

type SavedRow = Awaited<ReturnType<typeof listSavedRows>>[number];

const contentNotFound = () => new AppError(ErrorCode.notFound, FavouriteMessages.notFound);

/**
 * A learner's favourites and viewing history on a site, across content types. What may be added
 * and what the lists show is decided by the content registry (`content-kinds.ts`): existing,
 * published content of the site. Rows of content that was unpublished stay stored (they come
 * back if it does) but are not listed.
 */
export class FavouriteService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  private async ensureVisible(siteKey: string, ref: ContentRef) {
    if (!(await isVisible(this.db, siteKey, ref.contentType, ref.contentId))) {
      throw contentNotFound();
    }
  }

  /** Favourites the content (404 unless visible); a repeated add answers the same state. */
  async add(siteKey: string, userId: number, ref: ContentRef): Promise<FavouriteState> {
    await this.ensureVisible(siteKey, ref);
    await insertFavourite(this.db, { ...ref, userId, siteKey, now: this.now() });
    return { favourited: true };
  }

  /** Removes the favourite, if there is one. */
  async remove(siteKey: string, userId: number, ref: ContentRef): Promise<FavouriteState> {
    await deleteSaved(this.db, 'favourites', { ...ref, userId, siteKey });
    return { favourited: false };
  }

  /** Whether the learner has favourited the content. */
  async state(siteKey: string, userId: number, ref: ContentRef): Promise<FavouriteState> {
    return { favourited: await hasFavourite(this.db, { ...ref, userId, siteKey }) };
  }

  /**
   * One page of the learner's saved list of visible content, latest first, each entry with its
   * card and what `more` adds of its row.
   */
  private async savedPage<Item>(
    table: SavedTable,
    siteKey: string,
    userId: number,
    query: ContentListQuery,
    more: (row: SavedRow) => Item,
  ): Promise<Page<ContentCard & Item>> {
    const filter = { userId, siteKey, contentType: query.contentType };
    return readPage(
      query,
      {
        count: () => countSavedRows(this.db, table, filter),
        rows: (window) => listSavedRows(this.db, table, { ...filter, ...window }),
      },
      async (rows) =>
        (await withCards(this.db, siteKey, rows, (row) => [row.content_type, row.content_id])).map(
          ({ row, card }) => ({
            contentType: row.content_type,
            contentId: row.content_id,
            ...card,
            ...more(row),
          }),
        ),
    );
  }

  /** One page of the learner's favourites of visible content, newest first. */
  list(siteKey: string, userId: number, query: ContentListQuery): Promise<Page<FavouriteItem>> {
    return this.savedPage('favourites', siteKey, userId, query, (row) => ({
      createdAt: isoTime(row.saved_at),
    }));
  }

  /** Removes all the learner's favourites on the site. */
  async clear(siteKey: string, userId: number): Promise<Removed> {
    return { removed: await deleteAllSaved(this.db, 'favourites', userId, siteKey) };
  }

  /** Records a view of the content (404 unless visible): it moves to the top of the history. */
  async recordView(siteKey: string, userId: number, ref: ContentRef): Promise<ViewRecord> {
    await this.ensureVisible(siteKey, ref);
    const row = await upsertView(this.db, { ...ref, userId, siteKey, now: this.now() });
    return { ...ref, viewedAt: isoTime(row.viewed_at), viewCount: Number(row.view_count) };
  }

  /** One page of the learner's history of visible content, latest view first. */
  history(siteKey: string, userId: number, query: ContentListQuery): Promise<Page<HistoryItem>> {
    return this.savedPage('history', siteKey, userId, query, (row) => ({
      viewedAt: isoTime(row.saved_at),
      viewCount: Number(row.view_count),
    }));
  }

  /** Removes one entry of the learner's history. */
  async removeView(siteKey: string, userId: number, ref: ContentRef): Promise<Removed> {
    return { removed: await deleteSaved(this.db, 'history', { ...ref, userId, siteKey }) };
  }

  /** Removes the learner's whole history on the site. */
  async clearHistory(siteKey: string, userId: number): Promise<Removed> {
    return { removed: await deleteAllSaved(this.db, 'history', userId, siteKey) };
  }
}
