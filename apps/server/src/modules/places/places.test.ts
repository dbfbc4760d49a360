import type {
  ActivitySummary,
  ClassSummary,
  CourseSummary,
  Page,
  PlaceDetail,
  PlaceMarkerView,
  PlaceProject,
  PlaceSummary,
  SearchResult,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, NewMapPlaceRow } from '../../db/schema.ts';
import { PublicCache } from '../../platform/public-cache.ts';
import { bearer, registerLearner } from '../../testing/account-factory.ts';
import { createActivity } from '../../testing/activity-factory.ts';
import { createClass } from '../../testing/class-factory.ts';
import { createCourse } from '../../testing/course-factory.ts';
import { body, describeEachEngine } from '../../testing/test-app.ts';
import { PlaceMessages, PlaceService } from './places.service.ts';

/** Tuesday 10:00 in Shanghai (02:00 UTC). */
const TUESDAY_10 = Date.UTC(2026, 10, 24, 2, 0);
const MONDAY_10 = Date.UTC(2026, 10, 23, 2, 0);
const TUESDAY_12 = Date.UTC(2026, 10, 24, 4, 0);
const TUESDAY_20 = Date.UTC(2026, 10, 24, 12, 0);
let now = TUESDAY_10;

const SCHOOL_HOURS = JSON.stringify([
  { days: [2, 3, 4, 5, 6, 7], open: '08:30', close: '11:30' },
  { days: [2, 3, 4, 5, 6, 7], open: '13:30', close: '17:00' },
]);

const SITE = 'maptest';

/** A place row of {@link SITE} with its overrides; answers its id. */
async function insertPlace(db: Kysely<Database>, row: Partial<NewMapPlaceRow>) {
  const { id } = await db
    .insertInto('map_places')
    .values({
      site_key: SITE,
      category: 'point',
      kind: '学习点',
      name: '测试学习点',
      street: '南京西路街道',
      address: '上海市静安区南京西路1号',
      lat: 31.23,
      lng: 121.45,
      phone: '021-62000000',
      hours: SCHOOL_HOURS,
      intro: '<p>简介</p><script>alert(1)</script><img src=x onerror="alert(1)">',
      cover: '/files/places/school-1.svg',
      photos: JSON.stringify(['/files/places/school-1.svg', '/files/places/school-2.svg']),
      published: 1,
      created_at: Date.now(),
      updated_at: Date.now(),
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

type App = FastifyInstance;

function get<T>(app: App, url: string, site = SITE) {
  return app.inject({ url, headers: { 'x-site': site } }).then((r) => body<T>(r));
}

/** GETs on the test site as the learner holding `token`. */
function getAs<T>(app: App, token: string, url: string) {
  return app.inject({ url, headers: { 'x-site': SITE, ...bearer(token) } }).then((r) => body<T>(r));
}

/** POSTs JSON on the test site as the learner holding `token`. */
function postAs<T = unknown>(app: App, token: string, url: string, payload: object) {
  return app
    .inject({ method: 'POST', url, headers: { 'x-site': SITE, ...bearer(token) }, payload })
    .then((r) => body<T>(r));
}

describeEachEngine(
  'places API',
  (ctx) => {
    const ids = {
      school: 0,
      branch: 0,
      point: 0,
      base: 0,
      walk: 0,
      far: 0,
      hidden: 0,
      foreign: 0,
      class: 0,
      activity: 0,
    };

    beforeAll(async () => {
      const { db } = ctx().app.database;
      await db
        .insertInto('sites')
        .values({ key: SITE, name: '地图测试学习网', sort: 9, created_at: Date.now() })
        .execute();
      ctx().app.sites.invalidate();
      // Along 南京西路 going west from People's Square: a, b, c at growing distances.
      ids.school = await insertPlace(db, {
        category: 'school',
        kind: '社区学校',
        name: '南京西路街道社区学校',
        lat: 31.2292,
        lng: 121.4558,
      });
      ids.branch = await insertPlace(db, {
        category: 'school',
        kind: '老年大学分校',
        name: '老年大学天目分校',
        street: '天目西路街道',
        address: '上海市静安区天目西路100号',
        lat: 31.2468,
        lng: 121.4592,
        parent_id: ids.school,
      });
      ids.point = await insertPlace(db, {
        name: '静安区图书馆',
        street: '石门二路街道',
        address: '上海市静安区新闸路1702号',
        lat: 31.2376,
        lng: 121.4508,
        hours: JSON.stringify([{ days: [1, 2, 3, 4, 5, 6, 7], open: '09:00', close: '21:00' }]),
      });
      ids.base = await insertPlace(db, {
        category: 'base',
        kind: '体验基地',
        name: '苏河湾体验基地',
        street: '北站街道',
        lat: 31.2445,
        lng: 121.4745,
      });
      ids.walk = await insertPlace(db, {
        category: 'walk',
        kind: '人文行走点',
        name: '张园行走点',
        lat: 31.2285,
        lng: 121.4595,
      });
      ids.far = await insertPlace(db, {
        name: '彭浦镇学习点',
        street: '彭浦镇',
        lat: 31.2932,
        lng: 121.4332,
      });
      ids.hidden = await insertPlace(db, { name: '已下线学习点', published: 0, lat: 31.2293 });
      ids.foreign = await insertPlace(db, { site_key: 'xuhui', name: '徐汇学习点', lat: 31.2291 });

      const course = await createCourse(db, { site_key: SITE, title: '地点课程一' });
      const hiddenCourse = await createCourse(db, {
        site_key: SITE,
        title: '下线课程',
        published: 0,
      });
      await db
        .insertInto('map_place_courses')
        .values([
          { place_id: ids.school, course_id: course.id, sort: 1 },
          { place_id: ids.school, course_id: hiddenCourse.id, sort: 2 },
        ])
        .execute();
      const klass = await createClass(db, { site_key: SITE, title: '南京西路书法班' });
      await db
        .insertInto('map_place_classes')
        .values({ place_id: ids.school, class_id: klass, sort: 1 })
        .execute();
      ids.class = klass;
      ids.activity = await createActivity(db, {
        site_key: SITE,
        title: '学校讲座',
        map_place_id: ids.school,
      });
      await db
        .insertInto('map_place_projects')
        .values({
          place_id: ids.school,
          title: '智慧助老',
          intro: '<p>项目</p><script>x</script>',
          period: '2026年3月-6月',
          status: 'running',
          sort: 1,
          cover: null,
          created_at: Date.now(),
        })
        .execute();
    });

    describe('GET /api/places', () => {
      it('lists the published places of the site, of every category', async () => {
        const { code, data } = await get<Page<PlaceSummary>>(ctx().app, '/api/places?size=50');
        expect(code).toBe(0);
        const names = data.list.map((p) => p.name);
        expect(data.total).toBe(6);
        expect(names).toContain('苏河湾体验基地');
        expect(names).toContain('张园行走点');
        expect(names).not.toContain('已下线学习点');
        expect(names).not.toContain('徐汇学习点');
      });

      it('filters by category and searches name, address and street', async () => {
        const { app } = ctx();
        const schools = await get<Page<PlaceSummary>>(app, '/api/places?category=school');
        expect(schools.data.list.map((p) => p.id).sort()).toEqual([ids.school, ids.branch].sort());
        const byAddress = await get<Page<PlaceSummary>>(app, '/api/places?q=新闸路');
        expect(byAddress.data.list.map((p) => p.name)).toEqual(['静安区图书馆']);
        const byStreet = await get<Page<PlaceSummary>>(app, '/api/places?q=彭浦镇');
        expect(byStreet.data.list.map((p) => p.name)).toEqual(['彭浦镇学习点']);
        const wildcard = await get<Page<PlaceSummary>>(app, '/api/places?q=%25');
        expect(wildcard.data.total).toBe(0);
      });

      it('sorts by distance from the position given, with distances', async () => {
        const { data } = await get<Page<PlaceSummary>>(
          ctx().app,
          '/api/places?lat=31.2932&lng=121.4332&size=3',
        );
        expect(data.total).toBe(6);
        expect(data.list.map((p) => p.name)).toEqual([
          '彭浦镇学习点',
          '老年大学天目分校',
          '静安区图书馆',
        ]);
        expect(data.list[0]?.distance).toBe(0);
        expect(data.list[1]?.distance).toBeGreaterThan(4000);
      });

      it('answers 400 for half a position or a bad one', async () => {
        const half = await get(ctx().app, '/api/places?lat=31.2');
        expect(half).toMatchObject({ code: 400, message: '纬度和经度需同时提供' });
        const bad = await get(ctx().app, '/api/places?lat=31.2&lng=east');
        expect(bad.code).toBe(400);
        expect(bad.message).toContain('经度');
      });

      it('answers 400 naming the field for an unknown category', async () => {
        const { code, message } = await get(ctx().app, '/api/places?category=zoo');
        expect(code).toBe(400);
        expect(message).toContain('地点类别');
      });
    });

    describe('GET /api/places/markers', () => {
      type View = PlaceMarkerView;
      const counted = (view: View) =>
        view.places.length + view.clusters.reduce((sum, cluster) => sum + cluster.count, 0);

      it('answers the whole site without a view: every published place of it counted, its bounds and streets', async () => {
        const { data } = await get<View>(ctx().app, '/api/places/markers?zoom=18');
        // Not the unpublished one, nor another site's.
        const published = [ids.school, ids.branch, ids.point, ids.base, ids.walk, ids.far];
        expect(data.places.map((place) => place.id).sort((a, b) => a - b)).toEqual(
          published.sort((a, b) => a - b),
        );
        expect(data.total).toBe(6);
        expect(counted(data)).toBe(6);
        const whole = await get<View>(ctx().app, '/api/places/markers?zoom=10');
        expect(counted(whole.data)).toBe(6);
        expect(data.bounds).toEqual({
          west: 121.4332,
          south: 31.2285,
          east: 121.4745,
          north: 31.2932,
        });
        expect(data.streets.map((street) => street.text).sort()).toEqual(
          ['北站街道', '南京西路街道', '天目西路街道', '彭浦镇', '石门二路街道'].sort(),
        );
      });

      it('draws the view asked at its zoom: near places as one cluster far out, each on its own close in', async () => {
        const near = '&west=121.45&south=31.225&east=121.475&north=31.25';
        const far = await get<View>(ctx().app, `/api/places/markers?zoom=10${near}`);
        expect(far.data.clusters.length).toBeGreaterThan(0);
        expect(far.data.places.map((place) => place.name)).not.toContain('彭浦镇学习点');
        const cluster = far.data.clusters[0];
        expect(cluster?.zoom).toBeGreaterThan(10);
        const close = await get<View>(ctx().app, `/api/places/markers?zoom=18${near}`);
        expect(close.data.clusters).toEqual([]);
        expect(close.data.places.map((place) => place.name).sort()).toEqual(
          [
            '南京西路街道社区学校',
            '老年大学天目分校',
            '静安区图书馆',
            '苏河湾体验基地',
            '张园行走点',
          ].sort(),
        );
        expect(close.data.total).toBe(6);
      });

      it('filters by category and search, as the list does', async () => {
        const schools = await get<View>(ctx().app, '/api/places/markers?category=school&zoom=18');
        expect(schools.data.total).toBe(2);
        expect(schools.data.places.every((place) => place.category === 'school')).toBe(true);
        const found = await get<View>(
          ctx().app,
          `/api/places/markers?q=${encodeURIComponent('图书馆')}&zoom=18`,
        );
        expect(found.data.places.map((place) => place.name)).toEqual(['静安区图书馆']);
      });

      it('refuses a view without all four edges, or turned inside out, and a zoom off the map, naming them', async () => {
        const { app } = ctx();
        const partial = await get(app, '/api/places/markers?west=121.4&south=31.2');
        expect(partial).toEqual({ code: 400, message: PlaceMessages.partialBounds, data: null });
        const inverted = await get(
          app,
          '/api/places/markers?west=121.5&south=31.2&east=121.4&north=31.3',
        );
        expect(inverted.message).toBe(PlaceMessages.partialBounds);
        const zoom = await get(app, '/api/places/markers?zoom=30');
        expect(zoom).toMatchObject({
          code: 400,
          message: expect.stringMatching(/^地图缩放级别：/),
        });
        const edge = await get(app, '/api/places/markers?west=abc&south=1&east=2&north=3');
        expect(edge).toMatchObject({
          code: 400,
          message: expect.stringMatching(/^地图范围（西）：/),
        });
      });
    });

    describe('GET /api/places/near', () => {
      it('answers from an index made once per site, category and content version', async () => {
        const { app } = ctx();
        const db = app.database.db;
        const ids: number[] = [];
        const addStop = async (name: string, lat: number) =>
          ids.push(await insertPlace(db, { category: 'walk', name, lat, lng: 120.02 }));
        for (let n = 0; n < 5; n += 1) await addStop(`索引行走点${n}`, 30 + n * 0.01);
        let rounds = 0;
        const counted = db.withPlugin({
          transformQuery: ({ node }) => {
            rounds += 1;
            return node;
          },
          transformResult: async ({ result }) => result,
        });
        let version = 'v1';
        const service = new PlaceService(
          counted,
          app.database.engine,
          Date.now,
          async () => version,
        );
        const ask = () =>
          service.near(SITE, { lat: 30.021, lng: 120.02, limit: 3, category: 'walk' });
        try {
          const first = await ask();
          expect(first.map((place) => place.name)).toEqual([
            '索引行走点2',
            '索引行走点3',
            '索引行走点1',
          ]);
          expect(rounds).toBe(1);
          rounds = 0;
          expect(await ask()).toEqual(first);
          expect(rounds).toBe(0);
          // A place published nearer: found once the content version has moved on.
          await addStop('新发布的行走点', 30.0211);
          version = 'v2';
          const after = await ask();
          expect(rounds).toBe(1);
          expect(after[0]).toMatchObject({ name: '新发布的行走点', distance: 11 });
        } finally {
          await db.deleteFrom('map_places').where('id', 'in', ids).execute();
        }
      });

      it('answers the nearest places first with their distances', async () => {
        // At 南京西路街道社区学校's door.
        const { code, data } = await get<PlaceSummary[]>(
          ctx().app,
          '/api/places/near?lat=31.2292&lng=121.4558&limit=4',
        );
        expect(code).toBe(0);
        expect(data.map((p) => p.name)).toEqual([
          '南京西路街道社区学校',
          '张园行走点',
          '静安区图书馆',
          '老年大学天目分校',
        ]);
        expect(data[0]?.distance).toBe(0);
        const distances = data.map((p) => p.distance ?? -1);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
        expect(distances[1]).toBeGreaterThan(300);
        expect(distances[1]).toBeLessThan(500);
      });

      it('finds far places when nothing is near, and filters by category', async () => {
        const { app } = ctx();
        const all = await get<PlaceSummary[]>(
          app,
          '/api/places/near?lat=31.40&lng=121.30&limit=50',
        );
        expect(all.data).toHaveLength(6);
        expect(all.data[0]?.name).toBe('彭浦镇学习点');
        const schools = await get<PlaceSummary[]>(
          app,
          '/api/places/near?lat=31.2932&lng=121.4332&category=school',
        );
        expect(schools.data.map((p) => p.name)).toEqual([
          '老年大学天目分校',
          '南京西路街道社区学校',
        ]);
      });

      it('follows a place that moves and forgets one that is deleted, as each is published', async () => {
        const { app } = ctx();
        const db = app.database.db;
        const nearFar = () =>
          get<PlaceSummary[]>(app, '/api/places/near?lat=31.1000&lng=121.6000&limit=1');
        const [moved] = await db
          .insertInto('map_places')
          .values({
            site_key: SITE,
            category: 'point',
            kind: '学习点',
            name: '搬迁中的学习点',
            street: '测试街道',
            address: '测试路 1 号',
            lat: 31.26,
            lng: 121.45,
            created_at: Date.now(),
            updated_at: Date.now(),
          })
          .returning('id')
          .execute();
        const id = moved?.id as number;
        // Publishing a change moves the site's content version on (the visitors' cache's).
        const publish = () => app.publicCache.invalidate(SITE);
        await publish();
        expect((await nearFar()).data[0]?.id).not.toBe(id);
        await db
          .updateTable('map_places')
          .set({ lat: 31.1, lng: 121.6 })
          .where('id', '=', id)
          .execute();
        await publish();
        expect((await nearFar()).data[0]).toMatchObject({ id, distance: 0 });
        await db.deleteFrom('map_places').where('id', '=', id).execute();
        await publish();
        expect((await nearFar()).data[0]?.id).not.toBe(id);
      });

      it.each([
        ['lat=abc&lng=121.45', '纬度'],
        ['lat=91&lng=121.45', '纬度'],
        ['lat=&lng=121.45', '纬度'],
        ['lng=121.45', '纬度'],
        ['lat=31.2&lng=181', '经度'],
        ['lat=31.2&lng=-200', '经度'],
        ['lat=31.2&lng=Infinity', '经度'],
      ])('answers 400 naming %s as %s', async (query, field) => {
        const response = await ctx().app.inject({
          url: `/api/places/near?${query}`,
          headers: { 'x-site': SITE },
        });
        expect(response.statusCode).toBe(200);
        const { code, message, data } = body(response);
        expect(code).toBe(400);
        expect(message).toContain(field);
        expect(data).toBeNull();
      });
    });

    describe('GET /api/places/detail', () => {
      it('answers a school with hours, photos, branches, classes and counts, intro sanitized', async () => {
        now = TUESDAY_10;
        const { code, data } = await get<PlaceDetail>(
          ctx().app,
          `/api/places/detail?id=${ids.school}`,
        );
        expect(code).toBe(0);
        expect(data.openNow).toBe(true);
        expect(data.photos).toHaveLength(2);
        expect(data.phone).toBe('021-62000000');
        expect(data.intro).toContain('简介');
        expect(data.intro).not.toContain('script');
        expect(data.intro).not.toContain('onerror');
        expect(data.branches.map((b) => b.name)).toEqual(['老年大学天目分校']);
        expect(data.classes.map((c) => c.title)).toEqual(['南京西路书法班']);
        expect(data).toMatchObject({
          courseCount: 1,
          activityCount: 1,
          projectCount: 1,
          classCount: 1,
        });
        const branch = await get<PlaceDetail>(ctx().app, `/api/places/detail?id=${ids.branch}`);
        expect(branch.data.parent?.id).toBe(ids.school);
      });

      it.each([
        ['Monday 10:00 (closed on Monday)', MONDAY_10, false],
        ['Tuesday 12:00 (lunch break)', TUESDAY_12, false],
        ['Tuesday 20:00 (evening)', TUESDAY_20, false],
        ['Tuesday 10:00', TUESDAY_10, true],
      ])('says whether the school is open on %s in Shanghai', async (_, at, open) => {
        now = at;
        const { data } = await get<PlaceDetail>(ctx().app, `/api/places/detail?id=${ids.school}`);
        expect(data.openNow).toBe(open);
        now = TUESDAY_10;
      });

      it('shows the library open in the evening', async () => {
        now = TUESDAY_20;
        const { data } = await get<PlaceDetail>(ctx().app, `/api/places/detail?id=${ids.point}`);
        expect(data.openNow).toBe(true);
        now = TUESDAY_10;
      });

      it('answers 404 for unpublished places and places of another site', async () => {
        for (const id of [ids.hidden, ids.foreign, 999_999]) {
          const { code, message } = await get(ctx().app, `/api/places/detail?id=${id}`);
          expect(code).toBe(404);
          expect(message).toBe('地点不存在或已下线');
        }
      });
    });

    describe('what happens at a place', () => {
      it('lists its published courses, activities, classes and projects', async () => {
        const { app } = ctx();
        const courses = await get<Page<CourseSummary>>(app, `/api/places/courses?id=${ids.school}`);
        expect(courses.data.list.map((c) => c.title)).toEqual(['地点课程一']);
        expect(courses.data.total).toBe(1);
        const acts = await get<Page<ActivitySummary>>(
          app,
          `/api/places/activities?id=${ids.school}`,
        );
        expect(acts.data.list.map((a) => [a.title, a.mapPlaceId])).toEqual([
          ['学校讲座', ids.school],
        ]);
        const classes = await get<Page<ClassSummary>>(app, `/api/places/classes?id=${ids.school}`);
        expect(classes.data.list.map((c) => c.id)).toEqual([ids.class]);
        const projects = await get<Page<PlaceProject>>(
          app,
          `/api/places/projects?id=${ids.school}`,
        );
        expect(projects.data.list).toHaveLength(1);
        expect(projects.data.list[0]).toMatchObject({ title: '智慧助老', status: 'running' });
        expect(projects.data.list[0]?.intro).not.toContain('script');
      });

      it('answers 404 for the lists of a hidden place', async () => {
        const { code } = await get(ctx().app, `/api/places/courses?id=${ids.hidden}`);
        expect(code).toBe(404);
      });
    });

    describe('favourites, history and search', () => {
      it('favourites a place and lists it with its kind and street', async () => {
        const { app } = ctx();
        const { token } = await registerLearner(app);
        const ref = { contentType: 'place', contentId: ids.school };
        const added = await postAs(app, token, '/api/favourites', ref);
        expect(added.code).toBe(0);
        const list = await getAs<Page<{ title: string; subtitle: string }>>(
          app,
          token,
          '/api/favourites?contentType=place',
        );
        expect(list.data.list.map((f) => [f.title, f.subtitle])).toEqual([
          ['南京西路街道社区学校', '社区学校 · 南京西路街道'],
        ]);
        const hidden = await postAs(app, token, '/api/favourites', {
          contentType: 'place',
          contentId: ids.hidden,
        });
        expect(hidden.code).toBe(404);
        const viewed = await postAs(app, token, '/api/history', ref);
        expect(viewed.code).toBe(0);
        const history = await getAs<Page<{ title: string }>>(app, token, '/api/history');
        expect(history.data.list.map((h) => h.title)).toContain('南京西路街道社区学校');
      });

      it('finds places by name, street or address, and not hidden ones', async () => {
        const { app } = ctx();
        const found = await get<Page<SearchResult>>(app, '/api/search?q=图书馆&type=place');
        expect(found.data.list.map((r) => [r.type, r.id])).toEqual([['place', ids.point]]);
        const hidden = await get<Page<SearchResult>>(app, '/api/search?q=已下线学习点');
        expect(hidden.data.total).toBe(0);
        // A renamed place is found by its new name (the trigger keeps the index in step).
        await app.database.db
          .updateTable('map_places')
          .set({ name: '静安区图书馆新馆' })
          .where('id', '=', ids.point)
          .execute();
        const renamed = await get<Page<SearchResult>>(app, '/api/search?q=新馆');
        expect(renamed.data.list.map((r) => r.title)).toEqual(['静安区图书馆新馆']);
      });
    });
  },
  undefined,
  // The visitors' answers age by the same clock: a place's open-now follows the test's hour.
  () => ({ clock: () => now, publicCache: new PublicCache({ now: () => now }) }),
);
