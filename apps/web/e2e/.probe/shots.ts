import { apiLogin, launchChromium, phoneContext, startPortal, storeLogin } from '../harness.ts';

const portal = await startPortal();
const browser = await launchChromium();
try {
  for (const elder of [true]) {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/index/home`);
    await storeLogin(page, portal.baseUrl, await apiLogin(portal.baseUrl));
    if (elder) await page.evaluate(() => localStorage.setItem('elderMode', '1'));
    const tag = elder ? 'elder' : 'normal';
    const answer = await fetch(`${portal.baseUrl}/api/articles?kind=talk&size=1`);
    const article = ((await answer.json()) as { data: { list: { id: number }[] } }).data.list[0];
    const lives = await fetch(`${portal.baseUrl}/api/live/sessions?size=1`);
    const live = ((await lives.json()) as { data: { list: { id: number }[] } }).data.list[0];
    await page.goto(`${portal.baseUrl}/contentDetails?id=${article?.id}`);
    await page.locator('.article-body .rich-html p').first().waitFor();
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(600);
    await page.goto(`${portal.baseUrl}/liveDetails?id=${live?.id}`);
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.waitForTimeout(300);
    await page.goto(`${portal.baseUrl}/contentDetails?id=${article?.id}`);
    await page.getByText('已回到上次阅读的位置').waitFor();
    await page.screenshot({ path: `/tmp/shot-resumed-${tag}.png` });
    await page.goto(`${portal.baseUrl}/collect`);
    await page.locator('.saved-item').first().waitFor();
    await page.screenshot({ path: `/tmp/shot-collect-${tag}.png` });
    await page.goto(`${portal.baseUrl}/searchResult?q=${encodeURIComponent('讲座')}&type=article`);
    await page.locator('.search-card').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-search-${tag}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await portal.stop();
}
