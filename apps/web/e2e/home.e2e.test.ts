import type { ClassDetail, CourseDetail, Home } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

/** A fresh phone with its first page; page errors fail the test. */
async function openPhone() {
  ({ page } = await suite.open());
  return page;
}

/** Calls the API as the app does (site header, optional bearer token); answers `data`. */
async function api<T>(path: string, token?: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url(`/api${path}`), {
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-site': 'jingan',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const body = (await response.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body.data;
}

describe('the home page', () => {
  it('shows banners that advance by themselves, the entries, courses and open classes', async () => {
    await openPhone();
    await page.goto(url('/index/home'));
    const banner = page.getByRole('region', { name: '精选推荐' });
    await banner.waitFor();
    const slides = banner.getByRole('link');
    expect(await slides.count()).toBeGreaterThanOrEqual(3);
    const first = await page.locator('.home-banner-caption').getAttribute('data-index');
    expect(first).toBe('0');
    // Autoplay every 3000 ms: the next slide is shown within about 3.5 s.
    await expect
      .poll(() => page.locator('.home-banner-caption').getAttribute('data-index'), {
        timeout: 3800,
        interval: 200,
      })
      .toBe('1');
    const images = banner.locator('img');
    expect(await images.first().getAttribute('loading')).toBe('eager');
    expect(await images.nth(1).getAttribute('loading')).toBe('lazy');
    expect(await images.first().getAttribute('width')).toBe('640');

    const entries = page.getByRole('navigation', { name: '栏目' });
    for (const name of ['课程', '活动', '电子书', '直播']) {
      await entries.getByRole('link', { name, exact: true }).waitFor();
    }

    const recommended = page.getByRole('region', { name: '推荐课程' });
    expect(await recommended.getByRole('listitem').count()).toBe(6);
    const open = page.getByRole('region', { name: '报名中的班级' });
    expect(await open.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await open.getByText(/^余 \d+ 个名额$/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: '更多课程' }).getAttribute('href')).toBe(
      '/scourseList',
    );
  });

  it('opens a recommended course, and an open class, at their detail pages', async () => {
    await openPhone();
    await page.goto(url('/index/home'));
    const course = page.getByRole('region', { name: '推荐课程' }).getByRole('link').first();
    const courseTitle = (await course.locator('.home-course-title').textContent()) ?? '';
    await course.click();
    await page.waitForURL(/\/scourseDetail\?id=\d+$/);
    await page.getByRole('heading', { name: courseTitle }).first().waitFor();

    await page.goBack();
    await page.waitForURL(url('/index/home'));
    const klass = page.getByRole('region', { name: '报名中的班级' }).getByRole('link').first();
    const classTitle = (await klass.locator('.home-class-title').textContent()) ?? '';
    await klass.click();
    await page.waitForURL(/\/classDetails\?id=\d+$/);
    await page.getByRole('heading', { name: classTitle }).first().waitFor();
  });

  it('asks the server for the home data once, with nothing personal', async () => {
    await openPhone();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/home')) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(url('/index/home'));
    await page.getByRole('region', { name: '推荐课程' }).waitFor();
    expect(calls).toEqual(['/api/home']);
  });
});

describe('the learner’s own pages', () => {
  let login: Login;
  let course: CourseDetail;

  beforeAll(async () => {
    login = await apiLogin(suite.portal.baseUrl);
    const home = await api<Home>('/home');
    const last = home.recommended.at(-1);
    if (!last) throw new Error('no recommended course');
    course = await api<CourseDetail>(`/courses/detail?id=${last.id}`);
    const lesson = course.chapters[0]?.lessons[0];
    if (!lesson) throw new Error('the course has no lesson');
    await api('/study/progress', login.token, {
      method: 'POST',
      body: JSON.stringify({
        lessonId: lesson.id,
        courseId: course.id,
        positionSeconds: 12,
        watchedSeconds: 3,
      }),
    });
  });

  it('shows the entry home with the learner panel: continue learning and today', async () => {
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/index/gotoHome'));
    const panel = page.getByRole('region', { name: '我的学习' });
    await panel.getByText('您好，王秀兰').waitFor();
    await panel.getByText(course.title).first().waitFor();
    await panel.getByText(/^今日已学/).waitFor();
    const progress = panel.getByRole('progressbar');
    expect(await progress.getAttribute('aria-valuenow')).not.toBeNull();
    const resume = panel.getByRole('link', { name: '继续学习' });
    expect(await resume.getAttribute('href')).toMatch(
      new RegExp(`^/scourseDetail\\?id=${course.id}&lessonId=\\d+$`),
    );
    // The rest of the home is there too.
    await page.getByRole('region', { name: '推荐课程' }).waitFor();
  });

  it('lists the course under 学习中 on the study tab, and on /learningFile with its progress', async () => {
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, login);
    await page.goto(url('/index/study'));
    await page.getByRole('tab', { name: '学习中', selected: true }).waitFor();
    const item = page.locator('.study-course').filter({ hasText: course.title });
    await item.first().waitFor();
    await page.getByRole('tab', { name: '我的班级' }).click();
    await page.waitForURL(url('/index/study?tab=classes'));
    await page.getByRole('tab', { name: '已学完' }).click();
    await page.getByRole('tab', { name: '已学完', selected: true }).waitFor();

    await page.goto(url('/learningFile'));
    await page.getByRole('heading', { name: '正在学习' }).waitFor();
    const bar = page.getByRole('progressbar', { name: `${course.title}的学习进度` });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await page
      .locator('.study-course')
      .filter({ hasText: course.title })
      .getByText(/^\d+\/\d+ 课时 · \d+%$/)
      .waitFor();
    await page.getByRole('link', { name: `继续学习：${course.title}` }).click();
    await page.waitForURL(new RegExp(`/scourseDetail\\?id=${course.id}&lessonId=\\d+$`));
  });

  it('shows a class’s courses with my progress on /classStudy, and explains when not joined', async () => {
    await openPhone();
    await storeLogin(page, suite.portal.baseUrl, login);
    const home = await api<Home>('/home');
    const details = await Promise.all(
      home.openClasses.map((klass) =>
        api<ClassDetail>(`/classes/detail?id=${klass.id}`, login.token),
      ),
    );
    const open = details.find((klass) => klass.mySignup?.status !== 'active');
    if (!open) throw new Error('no open class the learner has not joined');
    await page.goto(url(`/classStudy?id=${open.id}`));
    await page.getByRole('heading', { name: '报名后才能进入班级学习' }).waitFor();
    await page.getByRole('link', { name: '查看班级' }).click();
    await page.waitForURL(url(`/classDetails?id=${open.id}`));

    // Sign up through the API, answering whatever the class's form asks for.
    const detail = open;
    const answers: Record<string, string> = { text: '王秀兰', phone: '13800000001', number: '60' };
    const form = Object.fromEntries(
      detail.formFields.map((field) => [
        field.key,
        field.kind === 'choice' ? (field.options?.[0] ?? '') : (answers[field.kind] ?? ''),
      ]),
    );
    await api('/classes/signup', login.token, {
      method: 'POST',
      body: JSON.stringify({ classId: open.id, form }),
    });
    await page.goto(url(`/classStudy?id=${open.id}`));
    await page.getByRole('heading', { name: open.title }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(detail.courses.length);
  });
});
