import type { ReviewListQuery } from '@portal/contract';
import type { ArticleKind } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { PageWindow } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { reviewListWhere } from '../content/review-list.ts';

/** What the console's list of a site's articles is filtered by. */
export interface DeskFilter extends Omit<ReviewListQuery, 'page' | 'size'> {
  siteKey: string;
  kind?: ArticleKind | undefined;
  channelId?: number | undefined;
}

function filtered(db: Kysely<Database>, engine: Engine, filter: DeskFilter) {
  let query = db
    .selectFrom('articles as a')
    .leftJoin('content_edits as e', (join) =>
      join.onRef('e.entity_id', '=', 'a.id').on('e.entity', '=', 'article'),
    )
    .where('a.site_key', '=', filter.siteKey)
    .where(reviewListWhere(engine, filter, { alias: 'a' }));
  if (filter.kind !== undefined) query = query.where('a.kind', '=', filter.kind);
  if (filter.channelId !== undefined) query = query.where('a.channel_id', '=', filter.channelId);
  return query;
}

export function countDeskRows(db: Kysely<Database>, engine: Engine, filter: DeskFilter) {
  return countRows(filtered(db, engine, filter));
}

/** One page of the site's articles, newest change first, with their waiting edits. */
export function listDeskRows(
  db: Kysely<Database>,
  engine: Engine,
  filter: DeskFilter,
  window: PageWindow,
) {
  return filtered(db, engine, filter)
    .innerJoin('article_channels as ch', 'ch.id', 'a.channel_id')
    .leftJoin('users as u', 'u.id', 'a.author_id')
    .select([
      'a.id',
      'a.kind',
      'a.channel_id',
      'ch.name as channel_name',
      'a.title',
      'a.status',
      'a.pinned',
      'a.version',
      'u.nickname as author_name',
      'a.updated_at',
      'a.published_at',
      'e.status as edit_status',
      'e.data as edit_data',
    ])
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
