import { cardCoverSizes, PICTURE_SIZES } from '@portal/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityDetailQueryOptions } from '@/features/activities/api/get-activity-detail.ts';
import { categoriesQueryOptions } from '@/features/courses/api/get-categories.ts';
import { courseDetailQueryOptions } from '@/features/courses/api/get-course-detail.ts';
import { coursesQueryOptions } from '@/features/courses/api/get-courses.ts';
import { ebookCategoriesQueryOptions } from '@/features/ebooks/api/get-ebook-categories.ts';
import { ebookDetailQueryOptions } from '@/features/ebooks/api/get-ebook-detail.ts';
import { ebooksQueryOptions } from '@/features/ebooks/api/get-ebooks.ts';
import { homeQueryOptions } from '@/features/home/api/get-home.ts';
import { placeListQueryOptions, placeMarkersQueryOptions } from '@/features/map/api/get-places.ts';
import { articleDetailQueryOptions } from '@/features/news/api/articles.ts';
import { rankingQueryOptions, teamRankQueryOptions } from '@/features/teams/api/get-ranking.ts';
import { teamWorksQueryOptions } from '@/features/teams/api/get-team-works.ts';
import { teamDetailQueryOptions } from '@/features/teams/api/get-teams.ts';
import { teamResourcesQueryOptions } from '@/features/teams/api/team-resources.ts';
import { IMAGE_SIZES, LANDINGS } from './landing-data.ts';

/** The `/api` paths (with their query) the page's own queries send, through the real request layer. */
async function sentBy(...calls: Array<() => Promise<unknown>>): Promise<string[]> {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      sent.push(url.pathname.replace(/^\/api/, '') + url.search);
      return new Response(JSON.stringify({ code: 0, message: '', data: null }));
    }),
  );
  for (const call of calls) await call();
  return sent;
}

const run = (options: { queryFn?: unknown }) => () =>
  (options.queryFn as (context: { signal: AbortSignal; pageParam: number }) => Promise<unknown>)({
    signal: new AbortController().signal,
    pageParam: 1,
  });

const early = (path: keyof typeof LANDINGS, search = '') =>
  (LANDINGS[path]?.data?.(new URLSearchParams(search)) ?? []).map((request) => request.path);

beforeEach(() => {
  // The detail pages of activities and e-books are for learners: their queries need a login.
  localStorage.setItem('token', 'tok');
  localStorage.setItem('userInfo', '{}');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the early requests of the landing pages', () => {
  it('are the very requests the pages send, so their answers are taken', async () => {
    expect(early('/index/home')).toEqual(await sentBy(run(homeQueryOptions())));
    expect(early('/scourseList')).toEqual(
      await sentBy(run(categoriesQueryOptions()), run(coursesQueryOptions({ sort: 'newest' }))),
    );
    expect(early('/moreEBook')).toEqual(
      await sentBy(run(ebookCategoriesQueryOptions()), run(ebooksQueryOptions({}))),
    );
    expect(early('/scourseDetail', '?id=12')).toEqual(
      await sentBy(run(courseDetailQueryOptions(12))),
    );
    expect(early('/activityDetails', '?id=7')).toEqual(
      await sentBy(run(activityDetailQueryOptions(7))),
    );
    expect(early('/ebookDetails', '?id=3')).toEqual(await sentBy(run(ebookDetailQueryOptions(3))));
    expect(early('/rankingList')).toEqual(
      await sentBy(run(rankingQueryOptions('learner', 'week'))),
    );
    expect(early('/rankingList', '?scope=team&period=month')).toEqual(
      await sentBy(run(rankingQueryOptions('team', 'month'))),
    );
    // The team page's sections: its places, its resources and its first works (as many as shown).
    expect(early('/teamDetails', '?id=5')).toEqual(
      await sentBy(
        run(teamDetailQueryOptions(5)),
        run(teamRankQueryOptions(5)),
        run(teamResourcesQueryOptions(5)),
        run(teamWorksQueryOptions(5, 5)),
      ),
    );
    expect(early('/index/map')).toEqual(
      await sentBy(
        run(placeMarkersQueryOptions(null, '', null)),
        run(placeListQueryOptions(null, '', null)),
      ),
    );
    expect(early('/contentDetails', '?id=9')).toEqual(
      await sentBy(run(articleDetailQueryOptions(9))),
    );
  });

  it('ask for no list page under a filter, and no detail without a valid id', () => {
    expect(early('/scourseList', '?categoryId=3')).toEqual(['/courses/categories']);
    expect(early('/moreEBook', '?keyword=书法')).toEqual(['/ebooks/categories']);
    for (const search of ['', '?id=abc', '?id=-1', '?id=1.5']) {
      expect(early('/scourseDetail', search)).toEqual([]);
    }
  });

  it("name the first screen's images of an answer for preloading, the largest paint first", () => {
    const imagesOf = (
      path: keyof typeof LANDINGS,
      index: number,
      data: unknown,
      search = '?id=1',
    ) => {
      const request = LANDINGS[path]?.data?.(new URLSearchParams(search))[index];
      return (request?.images as ((data: unknown) => string[]) | undefined)?.(data);
    };
    expect(imagesOf('/scourseDetail', 0, { cover: '/files/a.svg' })).toEqual(['/files/a.svg']);
    expect(imagesOf('/ebookDetails', 0, { cover: '/files/c.svg' })).toEqual(['/files/c.svg']);
    expect(imagesOf('/scourseList', 1, { list: [{ cover: '/b.svg' }] })).toBeUndefined();
    expect(imagesOf('/teamDetails', 0, { avatar: '/files/t.svg' })).toEqual(['/files/t.svg']);
    const places = { list: [{ cover: '/files/p.svg' }, { cover: '/files/q.svg' }] };
    // Under the map, one place shows on the first screen.
    expect(imagesOf('/index/map', 1, places)).toEqual(['/files/p.svg']);
    const body = '<p>x</p><figure><img src="/files/d.svg" alt="" width="640" /></figure>';
    expect(imagesOf('/contentDetails', 0, { cover: '/c.svg', bodyHtml: body })).toEqual([
      '/files/d.svg',
    ]);
    expect(imagesOf('/contentDetails', 0, { bodyHtml: '<p>no picture</p>' })).toEqual([undefined]);
    // A list's first screen: four cards, in their order.
    const list = {
      list: ['/1.svg', '/2.svg', '/3.svg', '/4.svg', '/5.svg'].map((cover) => ({ cover })),
    };
    for (const path of ['/scourseList', '/moreEBook'] as const) {
      expect(imagesOf(path, 1, list, ''), path).toEqual(['/1.svg', '/2.svg', '/3.svg', '/4.svg']);
    }
  });

  it('preloads first images at the widths the pages show them', () => {
    expect(IMAGE_SIZES).toEqual({
      wide: PICTURE_SIZES.wide,
      book: PICTURE_SIZES.book,
      card: cardCoverSizes(false, 128),
      bookCard: cardCoverSizes(true, 150),
    });
    const sizesOf = (path: keyof typeof LANDINGS, search = '') =>
      LANDINGS[path]?.data?.(new URLSearchParams(search)).find((request) => request.images)
        ?.imageSizes;
    expect(sizesOf('/scourseList')).toBe('128px');
    expect(sizesOf('/moreEBook')).toBe('50vw');
    expect(sizesOf('/ebookDetails', 'id=3')).toBe('150px');
    expect(sizesOf('/scourseDetail', 'id=3')).toBe('100vw');
  });
});
