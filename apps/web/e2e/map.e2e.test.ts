import { devices, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, phoneSuite, storeLogin } from './harness.ts';

// No MAP_TILE_URL: the map has only its offline outlines.
const suite = phoneSuite();
const url = suite.url;

/** Near 芷江西路 in 静安区 (WGS-84). */
const HERE = { latitude: 31.2562, longitude: 121.4602 };

/** 「距您 380米」 / 「距您 1.2公里」 in metres. */
function metres(text: string): number {
  const match = /距您\s*([\d.]+)(米|公里)/.exec(text);
  if (!match) throw new Error(`no distance in ${text}`);
  return Number(match[1]) * (match[2] === '公里' ? 1000 : 1);
}

/** A phone at {@link HERE} that lets the portal locate it, logged in as the demo learner. */
async function located() {
  const { context, page } = await suite.open();
  await context.grantPermissions(['geolocation'], { origin: suite.portal.baseUrl });
  await context.setGeolocation(HERE);
  await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
  return { context, page };
}

/** The distances of the list's cards, in list order. */
async function listDistances(page: Page): Promise<number[]> {
  const texts = await page.locator('.place-list .place-card-distance').allTextContents();
  return texts.map(metres);
}

describe('learning map', () => {
  it("paints the page and its list before it asks for the map's code (about 60 KB)", async () => {
    // Not located: the list shows as it comes, by name.
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    const seen: { painted: boolean; cards: number }[] = [];
    await page.route('**/assets/leaflet-src-*.js', async (route) => {
      seen.push(
        await page.evaluate(() => ({
          painted: performance.getEntriesByName('first-contentful-paint').length > 0,
          cards: document.querySelectorAll('.place-list .place-card-name, .place-list li').length,
        })),
      );
      await route.continue();
    });
    await page.goto(url('/index/map'));
    const map = page.getByRole('region', { name: /学习地图/ });
    await map.locator('.place-marker, .place-cluster').first().waitFor();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.painted).toBe(true);
    expect(seen[0]?.cards).toBeGreaterThan(0);
  });

  it('shows the district offline, filters to schools nearest first, opens one with its classes and favourites it', async () => {
    const { page } = await located();
    await page.goto(url('/index/home'));
    await page
      .getByRole('link', { name: /学习地图/ })
      .first()
      .click();
    await page.waitForURL(url('/index/map'));

    // The district and its neighbours drawn from the outline data, the places marked on them.
    const map = page.getByRole('region', { name: /学习地图/ });
    await map.locator('path.map-district.home').waitFor();
    expect(await map.locator('path.map-district').count()).toBeGreaterThan(3);
    await map.locator('.place-marker, .place-cluster').first().waitFor();
    await expect.poll(() => map.getAttribute('data-outlines')).toBe('ready');

    // Located: the list is nearest first.
    await page.getByRole('heading', { name: '地点列表（由近到远）' }).waitFor();
    await page.locator('.place-list .place-card-distance').first().waitFor();
    const all = await listDistances(page);
    expect(all.length).toBeGreaterThan(5);
    expect(all).toEqual([...all].sort((a, b) => a - b));

    // Schools only.
    await page.getByRole('button', { name: '学校', exact: true }).click();
    await expect
      .poll(async () => {
        const hrefs = await page
          .locator('.place-list a.place-card')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        return hrefs.length > 0 && hrefs.every((href) => href.startsWith('/mapDetailsSchool?'));
      })
      .toBe(true);
    const schools = await listDistances(page);
    expect(schools).toEqual([...schools].sort((a, b) => a - b));
    expect(schools[0]).toBeLessThan(1000);

    // The nearest school: its page with its classes.
    const nearest = page.locator('.place-list a.place-card').first();
    const name = (await nearest.locator('.content-card-title').textContent())?.trim() ?? '';
    expect(name).toMatch(/学校|分校|学院|老年大学/);
    await nearest.click();
    await page.waitForURL(/\/mapDetailsSchool\?id=\d+/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(/^(开放中|已闭馆)$/).waitFor();
    await expect.poll(() => page.locator('a[href^="tel:"]').count()).toBe(1);
    const classes = page.getByRole('region', { name: /开设班级/ });
    const firstClass = classes.locator('a.content-card').first();
    const classTitle = (await firstClass.locator('.content-card-title').textContent())?.trim();
    await firstClass.click();
    await page.waitForURL(/\/classDetails\?id=\d+/);
    await page
      .getByRole('heading', { name: classTitle ?? '' })
      .first()
      .waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    // Favourite it: it is then among my favourites.
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await page.goto(url('/collect'));
    await page.getByText(name, { exact: true }).first().waitFor();
  });

  it('keeps the filter and list when coming back to the map', async () => {
    const { page } = await located();
    await page.goto(url('/index/home'));
    await page
      .getByRole('link', { name: /学习地图/ })
      .first()
      .click();
    await page.getByRole('button', { name: '学习点', exact: true }).click();
    await expect
      .poll(async () =>
        (
          await page
            .locator('.place-list a.place-card')
            .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
        ).every((href) => href.startsWith('/mapDetailsPlace?')),
      )
      .toBe(true);
    await page.locator('.place-list a.place-card').first().click();
    await page.waitForURL(/\/mapDetailsPlace\?id=/);
    await page.goBack();
    await page.waitForURL(url('/index/map'));
    const chip = page.getByRole('button', { name: '学习点', exact: true });
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows what is near me on 身边, and a designed state when location is refused', async () => {
    const { page } = await located();
    await page.goto(url('/index/map'));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/places/markers?west=')) asked.push(request.url());
    });
    await page.getByRole('link', { name: '身边' }).click();
    await page.waitForURL(url('/curMap'));
    await page.getByRole('heading', { name: '离我最近的地点' }).waitFor();
    const nearMap = page.getByRole('region', { name: '我身边的地点地图' });
    await nearMap.locator('.map-me').waitFor();
    // The map around me: fitted to the nearest places (a street's zoom), everything in its view
    // marked or clustered by the server.
    await expect
      .poll(() => Number(new URL(asked.at(-1) ?? 'http://x/?zoom=0').searchParams.get('zoom')), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(13);
    await nearMap.locator('.place-marker, .place-cluster').first().waitFor();
    const nearList = page.getByRole('main').locator('.place-list .place-card-distance');
    await nearList.first().waitFor();
    const near = (await nearList.allTextContents()).map(metres);
    expect(near[0]).toBeLessThan(800);
    expect(near).toEqual([...near].sort((a, b) => a - b));

    // Another phone that refuses: the page says so and offers the map.
    const refused = await suite.browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN' });
    const other = await refused.newPage();
    await storeLogin(other, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    await other.goto(url('/curMap'));
    await other.getByText(/没有定位权限|暂时无法获取您的位置/).waitFor();
    await other.getByRole('link', { name: '打开学习地图' }).waitFor();
    await refused.close();
  });

  it("opens an activity's place from the activity page", async () => {
    const answer = await fetch(`${suite.portal.baseUrl}/api/activities?size=50`, {
      headers: { 'x-site': 'jingan' },
    });
    const { data } = (await answer.json()) as {
      data: { list: Array<{ id: number; mapPlaceId: number | null }> };
    };
    const activity = data.list.find((a) => a.mapPlaceId !== null);
    if (!activity) throw new Error('no seeded activity names a place');
    const place = (await (
      await fetch(`${suite.portal.baseUrl}/api/places/detail?id=${activity.mapPlaceId}`)
    ).json()) as { data: { name: string; category: string } };

    const { page } = await located();
    await page.goto(url(`/activityDetails?id=${activity.id}`));
    await page.getByRole('link', { name: '查看地图' }).click();
    await page.getByRole('heading', { level: 1, name: place.data.name }).waitFor();
    const expected = place.data.category === 'school' ? '/mapDetailsSchool' : '/mapDetailsPlace';
    expect(new URL(page.url()).pathname).toBe(expected);
  });

  it('counts every place in clusters, asks for the markers of the view, and parts a cluster when tapped', async () => {
    const { page } = await suite.open();
    await storeLogin(page, suite.portal.baseUrl, await apiLogin(suite.portal.baseUrl));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/places/markers')) asked.push(request.url());
    });
    await page.goto(url('/index/map'));
    const map = page.getByRole('region', { name: /学习地图/ });
    // Fitted to every place: each is in a cluster's count or marked on its own.
    const answer = await fetch(url('/api/places?page=1&size=1')).then((response) =>
      response.json(),
    );
    const total = (answer as { data: { total: number } }).data.total;
    const counted = async () => {
      const counts = await map
        .locator('.place-cluster span')
        .evaluateAll((spans) => spans.map((span) => Number(span.getAttribute('data-count'))));
      return counts.reduce((sum, n) => sum + n, 0) + (await map.locator('.place-marker').count());
    };
    const wait = { timeout: 15_000 };
    await expect.poll(() => asked.some((address) => /west=.*zoom=/.test(address)), wait).toBe(true);
    await expect.poll(counted, wait).toBe(total);
    expect(total).toBeGreaterThan(20);

    // A cluster, tapped: the map zooms in on it (the markers of a closer view are asked for),
    // and its places part into several markers that still count them all.
    const zoomOf = (address: string) => Number(new URL(address).searchParams.get('zoom'));
    const firstZoom = zoomOf(asked.at(-1) ?? '');
    const cluster = map.getByRole('button', { name: /^\d+个地点，点按放大$/ }).first();
    const count = Number(/^\d+/.exec((await cluster.getAttribute('aria-label')) ?? '')?.[0]);
    expect(count).toBeGreaterThan(1);
    await cluster.click();
    await expect.poll(() => zoomOf(asked.at(-1) ?? ''), wait).toBeGreaterThan(firstZoom);
    await expect
      .poll(
        async () =>
          (await counted()) >= count &&
          (await map.locator('.place-marker, .place-cluster').count()) >= 2,
        wait,
      )
      .toBe(true);
  });

  it('loads no Leaflet, plugin or outline data on the first load of home, and loads them on the map', async () => {
    const { page } = await located();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(url('/index/home'));
    await page.waitForLoadState('networkidle');
    const mapFiles = (list: string[]) =>
      list.filter((address) => /leaflet|MarkerCluster|shanghai|gcoord/i.test(address));
    expect(mapFiles(requested)).toEqual([]);
    await page
      .getByRole('link', { name: /学习地图/ })
      .first()
      .click();
    await page.locator('path.map-district.home').waitFor();
    expect(mapFiles(requested).length).toBeGreaterThanOrEqual(3);
  });
});
