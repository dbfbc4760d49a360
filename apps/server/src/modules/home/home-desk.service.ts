import type {
  AdminBannerForm,
  AdminBannerListQuery,
  AdminBannerRow,
  AdminBannerTarget,
  AdminBannerTargetQuery,
  AdminHomeLayout,
  AdminHomeLayoutBody,
  Page,
} from '@portal/contract';
import {
  BANNER_LINK_KIND_NAMES,
  type BannerLinkKind,
  HOME_ENTRY_KEYS,
} from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import { countRows } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, matchesPattern } from '../../db/text-match.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import type { PublicCache } from '../../platform/public-cache.ts';
import { isoTime } from '../../platform/time.ts';
import {
  type DeskKind,
  listedReview,
  ReviewDesk,
  type ReviewedRow,
} from '../content/review-desk.ts';
import { reviewListWhere } from '../content/review-list.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';
import { BANNER_LINKED_TABLES } from './home.queries.ts';
import { storedEntries } from './home-entries.ts';

type BannerRow = ReviewedRow<'home_banners'>;

/** How many matches the console's picker offers. */
const TARGETS_MAX = 20;

/** What a banner opens, as it stands: its title and whether learners can open it; undefined if gone. */
export async function bannerTarget(
  db: Kysely<Database>,
  siteKey: string,
  link: Pick<AdminBannerForm, 'linkKind' | 'linkId' | 'linkSlug'>,
): Promise<{ title: string; published: boolean } | undefined> {
  const row =
    link.linkKind === 'topic'
      ? await db
          .selectFrom('topics')
          .select(['title', 'published'])
          .where('site_key', '=', siteKey)
          .where('slug', '=', link.linkSlug ?? '')
          .executeTakeFirst()
      : await db
          .selectFrom(`${BANNER_LINKED_TABLES[link.linkKind]} as t` as 'courses as t')
          .select(['t.title', 't.published'])
          .where('t.site_key', '=', siteKey)
          .where('t.id', '=', link.linkId ?? 0)
          .executeTakeFirst();
  return row && { title: row.title, published: Number(row.published) === 1 };
}

function formOfBanner(row: BannerRow): AdminBannerForm {
  return {
    title: row.title,
    label: row.label,
    image: row.image === '' ? null : row.image,
    linkKind: row.link_kind as BannerLinkKind,
    linkId: row.link_id === null ? null : Number(row.link_id),
    linkSlug: row.link_slug,
    endsAt: row.ends_at === null ? null : isoTime(Number(row.ends_at)),
    position: Number(row.position),
  };
}

function columnsOf(form: AdminBannerForm) {
  const topic = form.linkKind === 'topic';
  return {
    title: form.title,
    label: form.label,
    image: form.image ?? '',
    link_kind: form.linkKind,
    link_id: topic ? null : form.linkId,
    link_slug: topic ? form.linkSlug : null,
    ends_at: form.endsAt === null ? null : Date.parse(form.endsAt),
    position: form.position,
  };
}

/**
 * Home's banners as operators make them: what a banner opens must be the site's, named by the
 * kind the operator chose (a topic by its address, the rest by id); its end, when it has one, to
 * come. Publishing asks more: a picture, and what it opens published itself and its end not past.
 */
function bannerKind(now: () => number): DeskKind<AdminBannerForm, BannerRow> {
  return {
    entity: 'banner',
    table: 'home_banners',
    name: '轮播图',
    formOf: async (_db, row) => formOfBanner(row),
    async check(db, siteKey, form) {
      const clean: AdminBannerForm = {
        ...form,
        linkId: form.linkKind === 'topic' ? null : form.linkId,
        linkSlug: form.linkKind === 'topic' ? form.linkSlug : null,
      };
      const kind = BANNER_LINK_KIND_NAMES[form.linkKind];
      if (!(await bannerTarget(db, siteKey, clean))) {
        throw invalid(`链接：所选${kind}不存在或不属于本站`);
      }
      return clean;
    },
    async insert(trx, operator, form, at) {
      const { id } = await trx
        .insertInto('home_banners')
        .values({
          ...columnsOf(form),
          site_key: operator.siteKey,
          published: 0,
          published_at: null,
          created_at: at,
          status: 'draft',
          author_id: operator.userId,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async write(trx, row, form) {
      await trx.updateTable('home_banners').set(columnsOf(form)).where('id', '=', row.id).execute();
    },
    title: (form) => form.title,
    async publishable(form, db, siteKey) {
      if (form.image === null) return '轮播图还没有图片，不能发布';
      if (form.endsAt !== null && Date.parse(form.endsAt) <= now()) {
        return '轮播图的展示截止时间已过，不能发布';
      }
      const target = await bannerTarget(db, siteKey, form);
      const kind = BANNER_LINK_KIND_NAMES[form.linkKind];
      if (!target) return `轮播图链接的${kind}已不存在，不能发布`;
      if (!target.published) return `轮播图链接的${kind}「${target.title}」还未发布，不能发布`;
      return null;
    },
    async extra(row, db, edited) {
      const target = await bannerTarget(db, row.site_key, edited ?? formOfBanner(row));
      return { linkTitle: target?.title ?? null };
    },
  };
}

/**
 * Home as a site's staff arrange it (首页设置): their banners, reviewed before publication as
 * other content is (the review is the {@link ReviewDesk}'s), and the order of home's entries
 * with those hidden, changed against the version the operator saw and audited. Both reach the
 * phone at once: the visitors' answers are retired, the pages' config is read again.
 */
export class HomeDesk {
  readonly review: ReviewDesk<AdminBannerForm, BannerRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly audit: AuditLog,
    private readonly publicCache: PublicCache,
    /** Told when a site's layout changed (the pages' config is read again). */
    private readonly onLayout: () => void,
    private readonly now: () => number = Date.now,
  ) {
    this.review = new ReviewDesk(db, bannerKind(now), audit, publicCache, now);
  }

  private filtered(siteKey: string, query: AdminBannerListQuery) {
    const builder = this.db
      .selectFrom('home_banners as r')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 'r.id').on('e.entity', '=', 'banner'),
      )
      .where('r.site_key', '=', siteKey)
      .where(reviewListWhere(this.engine, query));
    return builder;
  }

  /** The site's banners in home's order (published first, then by position). */
  async list(siteKey: string, query: AdminBannerListQuery): Promise<Page<AdminBannerRow>> {
    return readPage(
      query,
      {
        count: () => countRows(this.filtered(siteKey, query)),
        rows: ({ limit, offset }) =>
          this.filtered(siteKey, query)
            .leftJoin('users as u', 'u.id', 'r.author_id')
            .select([
              'r.id',
              'r.title',
              'r.label',
              'r.image',
              'r.link_kind',
              'r.position',
              'r.ends_at',
              'r.published',
              'r.status',
              'r.version',
              'u.nickname as author_name',
              'r.updated_at',
              'r.published_at',
              'e.status as edit_status',
              'e.data as edit_data',
            ])
            .orderBy('r.published', 'desc')
            .orderBy('r.position')
            .orderBy('r.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      },
      (rows) =>
        rows.map((row) => {
          const edited = row.edit_data ? (JSON.parse(row.edit_data) as AdminBannerForm) : null;
          return {
            ...listedReview(row),
            id: row.id,
            label: edited?.label ?? row.label,
            image: (edited ? edited.image : row.image) || null,
            linkKind: (edited?.linkKind ?? row.link_kind) as BannerLinkKind,
            position: edited?.position ?? Number(row.position),
            endsAt: edited
              ? edited.endsAt
              : row.ends_at === null
                ? null
                : isoTime(Number(row.ends_at)),
          };
        }),
    );
  }

  /**
   * Content of the site a banner may open, matching `q` by title, published first; the chosen
   * one (`id`, or a topic's `slug`) first whatever `q` is.
   */
  async targets(siteKey: string, query: AdminBannerTargetQuery): Promise<AdminBannerTarget[]> {
    const { kind, q } = query;
    const found: AdminBannerTarget[] = [];
    if (kind === 'topic') {
      let topics = this.db
        .selectFrom('topics')
        .select(['slug', 'title', 'published'])
        .where('site_key', '=', siteKey);
      if (q) topics = topics.where(matchesPattern(this.engine, 'title', containsPattern(q)));
      const rows = await topics
        .orderBy('published', 'desc')
        .orderBy('id', 'desc')
        .limit(TARGETS_MAX)
        .execute();
      found.push(
        ...rows.map((row) => ({
          id: null,
          slug: row.slug,
          title: row.title,
          published: Number(row.published) === 1,
        })),
      );
    } else {
      let items = this.db
        .selectFrom(`${BANNER_LINKED_TABLES[kind]} as t` as 'courses as t')
        .select(['t.id', 't.title', 't.published'])
        .where('t.site_key', '=', siteKey);
      if (q) items = items.where(matchesPattern(this.engine, 't.title', containsPattern(q)));
      const rows = await items
        .orderBy('t.published', 'desc')
        .orderBy('t.id', 'desc')
        .limit(TARGETS_MAX)
        .execute();
      found.push(
        ...rows.map((row) => ({
          id: row.id,
          slug: null,
          title: row.title,
          published: Number(row.published) === 1,
        })),
      );
    }
    const link = { linkKind: kind, linkId: query.id ?? null, linkSlug: query.slug ?? null };
    const named = kind === 'topic' ? query.slug !== undefined : query.id !== undefined;
    const same = (item: AdminBannerTarget) =>
      kind === 'topic' ? item.slug === link.linkSlug : item.id === link.linkId;
    const chosen = named ? await bannerTarget(this.db, siteKey, link) : undefined;
    if (!chosen) return found;
    return [
      { id: link.linkId, slug: link.linkSlug, ...chosen },
      ...found.filter((item) => !same(item)),
    ].slice(0, TARGETS_MAX);
  }

  /** The site's entries in their order (the shown first, then the hidden) and its carousel. */
  async layout(siteKey: string): Promise<AdminHomeLayout> {
    const row = await this.db
      .selectFrom('site_home')
      .selectAll()
      .where('site_key', '=', siteKey)
      .executeTakeFirst();
    const shown = storedEntries(row?.entries) ?? [...HOME_ENTRY_KEYS];
    const hidden = HOME_ENTRY_KEYS.filter((key) => !shown.includes(key));
    return {
      entries: [
        ...shown.map((key) => ({ key, shown: true })),
        ...hidden.map((key) => ({ key, shown: false })),
      ],
      fillBanners: row ? Number(row.fill_banners) === 1 : true,
      version: row ? Number(row.version) : 1,
    };
  }

  /** Sets the site's entries (those shown, in order) and its carousel, against the version seen. */
  async updateLayout(operator: Operator, body: AdminHomeLayoutBody): Promise<AdminHomeLayout> {
    const siteKey = operator.siteKey;
    const before = await this.layout(siteKey);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const values = {
        entries: JSON.stringify(body.entries),
        fill_banners: body.fillBanners ? 1 : 0,
        updated_at: at,
      };
      const stored = await trx
        .selectFrom('site_home')
        .select('version')
        .where('site_key', '=', siteKey)
        .executeTakeFirst();
      if (!stored) {
        if (body.version !== 1) throw conflict('已被他人修改，请刷新后再改');
        // Two first saves at once: the primary key lets one in, the other is told to refresh.
        const inserted = await trx
          .insertInto('site_home')
          .values({ ...values, site_key: siteKey, version: 2 })
          .onConflict((oc) => oc.column('site_key').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
          throw conflict('已被他人修改，请刷新后再改');
        }
      } else {
        const changed = await trx
          .updateTable('site_home')
          .set({ ...values, version: body.version + 1 })
          .where('site_key', '=', siteKey)
          .where('version', '=', body.version)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw conflict('已被他人修改，请刷新后再改');
      }
      await this.audit.record(trx, operator, {
        action: 'update',
        entity: 'home',
        entityId: null,
        summary: '首页入口与轮播图设置',
        before: {
          entries: before.entries.filter((entry) => entry.shown).map((entry) => entry.key),
          fillBanners: before.fillBanners,
        },
        after: { entries: body.entries, fillBanners: body.fillBanners },
      });
    });
    this.onLayout();
    await this.publicCache.invalidate(siteKey);
    return this.layout(siteKey);
  }
}
