import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../server/src/platform/xss-payloads.ts';
import { apiLogin, type Login, phoneSuite, storeLogin } from './harness.ts';

/**
 * The stored-XSS sweep in real Chromium (issue 17, item 5): the public corpus of
 * `xss-payloads.ts` (OWASP and PortSwigger cheat sheets), stored through the real API in every
 * place a learner stores text that another page shows, then every such page opened and watched
 * for execution. And the browser's side of "tokens never in a URL or a Referer".
 */
const suite = phoneSuite();
const url = suite.url;

// The characters a nickname refuses (control and invisible ones); text fields trim.
const HIDDEN = /[\p{Cc}\u200b\u200c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const corpus = XSS_PAYLOADS.map((payload) => payload.trim()).filter(Boolean);
/** The corpus payloads a field of `max` characters takes whole. */
const fitting = (max: number) => corpus.filter((payload) => payload.length <= max);
/** Every payload once, packed whole into texts of at most `max` characters. */
function packed(max: number, payloads = corpus): string[][] {
  const packs: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const payload of payloads.filter((each) => each.length <= max)) {
    if (current.length > 0 && length + 1 + payload.length > max) {
      packs.push(current);
      current = [];
      length = 0;
    }
    length += (current.length > 0 ? 1 : 0) + payload.length;
    current.push(payload);
  }
  if (current.length > 0) packs.push(current);
  return packs;
}
/**
 * The same payloads calling the page's canary instead of `alert`: a global only a payload that
 * runs would ever call.
 */
const canaried = (payloads: string[]) =>
  payloads.map((payload) => payload.replace(/alert/gi, 'xssCanary'));
/**
 * Names are at most 20 characters: the corpus payloads that fit, and short vectors of the same
 * families (event handlers, script, `javascript:`) written for the cap.
 */
const SHORT_VECTORS = [
  ...fitting(20).filter((payload) => !HIDDEN.test(payload)),
  '<svg onload=alert()>',
  '<b onclick=alert()>',
  '<script>alert()//',
  '"><img src=x>',
  'javascript:alert()',
  '<a href=javascript:',
];

async function api<T>(pathname: string, token?: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(url(`/api${pathname}`), {
    ...init,
    headers: {
      'x-site': 'jingan',
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  const body = (await answer.json()) as { code: number; data: T; message: string };
  if (answer.status !== 200 || body.code !== 0) {
    throw new Error(`${pathname}: HTTP ${answer.status} ${body.code} ${body.message}`);
  }
  return body.data;
}
const post = <T>(pathname: string, token: string, body: unknown) =>
  api<T>(pathname, token, { method: 'POST', body: JSON.stringify(body) });

interface Watch {
  /** Dialogs opened, functions a payload calls, script the policy had to stop. */
  runs: () => Promise<string[]>;
}

/**
 * Opens a phone logged in as `login`, watching for anything a payload would run: `alert`,
 * `confirm`, `prompt` and `print` record their calls, `xssCanary` is a global only a running
 * payload calls, and the policy's script violations are recorded too.
 */
async function openWatched(login: Login): Promise<{ page: Page } & Watch> {
  const { page } = await suite.open();
  await page.addInitScript(() => {
    const runs: string[] = [];
    const target = window as unknown as Record<string, unknown>;
    Object.defineProperty(window, '__xssRuns', { value: runs });
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      target[name] = (...args: unknown[]) => runs.push(`${name}(${args.map(String).join(',')})`);
    }
    target.xssCanary = (...args: unknown[]) => runs.push(`xssCanary(${args.join(',')})`);
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.effectiveDirective.startsWith('script-src')) {
        runs.push(`csp ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
      }
    });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`dialog ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  await storeLogin(page, suite.portal.baseUrl, login);
  return {
    page,
    runs: async () => [
      ...dialogs,
      ...(await page.evaluate(
        () => (window as unknown as { __xssRuns?: string[] }).__xssRuns ?? [],
      )),
    ],
  };
}

/**
 * What the page shows that could run: script, frame, object and embed elements in the body,
 * `on*` attributes, and `javascript:`/`vbscript:`/`data:text/html` addresses.
 */
function scanForScript(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const unsafe = /^(?:javascript|vbscript|livescript|data:text\/html)/i;
    for (const element of document.body.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base'].includes(tag)) {
        found.push(`<${tag}>`);
      }
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
        // Browsers drop control characters and spaces in a scheme: so does this check.
        const value = [...attribute.value].filter((char) => char > ' ').join('');
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'].includes(name) &&
          (unsafe.test(value) || name === 'srcdoc')
        ) {
          found.push(`<${tag} ${name}=${attribute.value.slice(0, 40)}>`);
        }
      }
    }
    return found;
  });
}

/** Dispatches the events payloads wait for on every element of the body. */
function poke(page: Page) {
  return page.evaluate(() => {
    for (const element of document.body.querySelectorAll('*')) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'click', 'toggle', 'animationend']) {
        // Clicks only on the text that came from the payloads (never a button or a link).
        if (type === 'click' && element.closest('a, button, [role=button], [role=tab]')) continue;
        element.dispatchEvent(new Event(type, { bubbles: true }));
      }
    }
  });
}

/** The stored texts the page does not show as text (each must be there, as it was written). */
function missingTexts(page: Page, texts: string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const shown = (document.body.textContent ?? '').replace(/\s+/g, ' ');
    return wanted.filter((text) => !shown.includes(text.replace(/\s+/g, ' ')));
  }, texts);
}

/** Scrolls a paged list until `done` holds (at most 40 pages). */
async function scrollUntil(page: Page, done: () => Promise<boolean>) {
  for (let round = 0; round < 40 && !(await done()); round += 1) {
    await page.mouse.wheel(0, 20_000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(150);
  }
}

/** Payloads stored and shown, per place (printed at the end of the file). */
const shownPerPlace: Record<string, number> = {};
afterAll(() => {
  const total = Object.values(shownPerPlace).reduce((sum, count) => sum + count, 0);
  console.log(`stored XSS: ${total} payloads shown, 0 runs`, JSON.stringify(shownPerPlace));
});

describe('stored XSS: the public corpus in every place a learner stores text', () => {
  let leader: Login;
  let member: Login;
  beforeAll(async () => {
    [leader, member] = await Promise.all([
      apiLogin(suite.portal.baseUrl, '13800000002'),
      apiLogin(suite.portal.baseUrl, '13800000001'),
    ]);
  });

  it('team: name, introduction, join messages, works, comments and nicknames run nothing', async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    // Generated learners of the seed (password Demo@2026): writers limited to 10 comments a
    // minute and 5 works in 10 minutes each, as any learner.
    const writers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        apiLogin(suite.portal.baseUrl, `139${String(i + 1).padStart(8, '0')}`),
      ),
    );
    // A team whose name and introduction are payloads (more teams take the rest of the corpus).
    const intros = packed(300);
    const team = await post<{ id: number }>('/teams', leader.token, {
      name: SHORT_VECTORS[0],
      intro: intros[0]?.join('\n'),
      joinMode: 'approval',
      capacity: 50,
    });
    // Join requests whose messages are payloads: the leader reads them.
    const messages = fitting(100).slice(0, 3);
    const joiners = [member, writers[0], writers[1]] as Login[];
    for (const [i, joiner] of joiners.entries()) {
      await post('/teams/join', joiner.token, { teamId: team.id, message: messages[i] });
    }
    // The member's nickname is a payload too (shown on the request).
    await post('/account/profile', member.token, { nickname: SHORT_VECTORS[1] });

    const leaderPhone = await openWatched(leader);
    await leaderPhone.page.goto(url(`/management?id=${team.id}`));
    await leaderPhone.page
      .getByText(messages[2] ?? '')
      .first()
      .waitFor();
    expect(await missingTexts(leaderPhone.page, [...messages, SHORT_VECTORS[1] ?? ''])).toEqual([]);
    await poke(leaderPhone.page);
    expect(await scanForScript(leaderPhone.page)).toEqual([]);
    expect(await leaderPhone.runs()).toEqual([]);
    const requests = await api<{ list: { id: number }[] }>(
      `/teams/requests?id=${team.id}`,
      leader.token,
    );
    for (const request of requests.list) {
      await post('/teams/requests/decide', leader.token, { requestId: request.id, approve: true });
    }

    // Works: every payload, packed into texts of at most 1,000 characters, by four members.
    const packs = packed(950);
    const posters = [leader, ...joiners];
    const works: { id: number; text: string }[] = [];
    for (const [i, pack] of packs.entries()) {
      const form = new FormData();
      form.append('teamId', String(team.id));
      form.append('content', `作品${i}\n${pack.join('\n')}`);
      const poster = posters[i % posters.length] as Login;
      works.push(
        await api<{ id: number; text: string }>('/team-works', poster.token, {
          method: 'POST',
          body: form,
        }),
      );
    }
    // Comments: every payload that fits 200 characters (calling the canary), one comment each,
    // on the first work, by the generated learners in turn.
    const sent = canaried(fitting(190));
    const comments: string[] = [];
    for (const [i, payload] of sent.entries()) {
      const writer = writers[Math.floor(i / 9)] as Login;
      const stored = await post<{ text: string }>('/team-works/comment', writer.token, {
        workId: works[0]?.id,
        content: `评论${i}：${payload}`,
      });
      comments.push(stored.text);
    }
    // Works and comments are plain text: the server keeps no markup of them.
    for (const text of [...works.map((work) => work.text), ...comments]) {
      expect(text).not.toMatch(/<[a-z!/?]/i);
    }

    const { page, runs } = await openWatched(member);
    // The team's page: its name, introduction and every work's text.
    await page.goto(url(`/teamDetails?id=${team.id}`));
    await page.locator('.team-work-list').waitFor();
    const cards = page.locator('.team-work-list > *');
    // One tap per page, each waited out: while a page loads, the button shows a spinner (no
    // name), and after the last page it is gone.
    for (let round = 0; round < 10; round += 1) {
      const shown = await cards.count();
      if (shown >= works.length) break;
      await page.getByRole('button', { name: '查看更多作品' }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    expect(await cards.count()).toBe(works.length);
    expect(
      await missingTexts(page, [SHORT_VECTORS[0] ?? '', ...works.map((work) => work.text)]),
    ).toEqual([]);
    await poke(page);
    expect(await scanForScript(page)).toEqual([]);

    // The first work: its comments, each with its writer's name, all pages scrolled in.
    await page.goto(url(`/groupWorkDetail?id=${works[0]?.id}`));
    const shown = page.locator('.team-work-comment');
    await shown.first().waitFor();
    await scrollUntil(page, async () => (await shown.count()) >= comments.length);
    expect(await shown.count()).toBe(comments.length);
    expect(await missingTexts(page, comments)).toEqual([]);
    await poke(page);
    expect(await scanForScript(page)).toEqual([]);

    // Teams led by the generated learners (3 each at most), named and introduced with the
    // rest of the corpus: the team list shows every name and introduction.
    const listed: { name: string; intro: string }[] = [];
    let nextLeader = 0;
    for (const [i, intro] of intros.slice(1).entries()) {
      const name = SHORT_VECTORS[i + 2] ?? `样本团队${i}`;
      // The next writer who may still lead a team (some lead seeded teams already).
      for (;;) {
        const leaderOf = writers[nextLeader] as Login;
        try {
          await post('/teams', leaderOf.token, {
            name,
            intro: intro.join('\n'),
            joinMode: 'open',
            capacity: 10,
          });
          break;
        } catch (error) {
          if (!String(error).includes('最多创建') || nextLeader >= writers.length - 1) throw error;
          nextLeader += 1;
        }
      }
      listed.push({ name, intro: intro.join('\n') });
    }
    await page.goto(url('/addGroupList'));
    const teamCards = page.locator('.team-card-intro');
    await teamCards.first().waitFor();
    const allShown = async () =>
      (
        await missingTexts(
          page,
          listed.map((team) => team.intro),
        )
      ).length === 0;
    await scrollUntil(page, allShown);
    expect(
      await missingTexts(
        page,
        listed.flatMap((team) => [team.name, team.intro]),
      ),
    ).toEqual([]);
    await poke(page);
    expect(await scanForScript(page)).toEqual([]);
    for (const nickname of SHORT_VECTORS) {
      await post('/account/profile', member.token, { nickname });
      await page.goto(url('/index/userInfo'));
      await page.getByText(nickname, { exact: true }).first().waitFor();
      await poke(page);
      expect(await scanForScript(page)).toEqual([]);
    }

    expect(await runs()).toEqual([]);
    shownPerPlace['team names'] = [SHORT_VECTORS[0], ...listed.map((each) => each.name)].filter(
      (name) => name !== undefined && SHORT_VECTORS.includes(name),
    ).length;
    shownPerPlace['team introduction'] = intros.flat().length;
    shownPerPlace['join messages'] = messages.length;
    shownPerPlace['team works'] = packs.flat().length;
    shownPerPlace['work comments'] = comments.length;
    shownPerPlace.nicknames = SHORT_VECTORS.length;
  });
});

describe('stored XSS: delivery requests, read by the delivery staff', () => {
  it('the staff reads every request a learner filed with payloads, and nothing runs', async () => {
    const [learner, staff] = await Promise.all([
      apiLogin(suite.portal.baseUrl, '13800000002'),
      apiLogin(suite.portal.baseUrl, '13800000008'),
    ]);
    const resources = await api<{ list: { id: number }[] }>('/delivery/resources?page=1&size=1');
    const resourceId = resources.list[0]?.id;
    const resource = await api<{ earliestDate: string; audienceMin: number }>(
      `/delivery/resources/detail?id=${resourceId}`,
    );
    // Every payload once in a note (packed into 300 characters), and one in the address and
    // organisation of each request.
    const notes = packed(300, canaried(corpus));
    const addresses = fitting(100);
    const organisations = fitting(60);
    const filed: { id: number; organisation: string; texts: string[] }[] = [];
    for (const [i, note] of notes.entries()) {
      const texts = [
        addresses[i % addresses.length] ?? '',
        organisations[i % organisations.length] ?? '',
        note.join('\n'),
      ];
      const request = await post<{
        id: number;
        address: string;
        organisation: string;
        contactName: string;
        note: string;
      }>('/delivery/requests', learner.token, {
        resourceId,
        date: resource.earliestDate,
        audience: resource.audienceMin,
        address: texts[0],
        organisation: texts[1],
        contactName: SHORT_VECTORS[i % SHORT_VECTORS.length],
        contactPhone: '13900000000',
        note: texts[2],
      });
      // Delivery requests keep their text as written (it is shown as text).
      const stored = [request.address, request.organisation, request.note];
      expect(stored).toEqual(texts);
      filed.push({ id: request.id, organisation: request.organisation, texts: stored });
    }

    const { page, runs } = await openWatched(staff);
    // 待处理: every request's organisation in the list...
    await page.goto(url('/index/zyps'));
    await page.getByRole('tab', { name: '待处理' }).click();
    await page.locator('.delivery-list').first().waitFor();
    const wanted = filed.map((request) => request.organisation);
    await scrollUntil(page, async () => (await missingTexts(page, wanted)).length === 0);
    expect(await missingTexts(page, wanted)).toEqual([]);
    await poke(page);
    expect(await scanForScript(page)).toEqual([]);
    // ...and each request opened within the app, its address, contact and note shown.
    for (const request of filed) {
      await page.evaluate((id) => {
        history.pushState(null, '', `/zypsRequest?id=${id}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, request.id);
      await expect.poll(() => missingTexts(page, request.texts), { timeout: 5_000 }).toEqual([]);
      await poke(page);
      expect(await scanForScript(page)).toEqual([]);
    }
    expect(await runs()).toEqual([]);
    shownPerPlace['delivery notes'] = notes.flat().length;
    shownPerPlace['delivery addresses'] = Math.min(filed.length, addresses.length);
    shownPerPlace['delivery organisations'] = Math.min(filed.length, organisations.length);
  });
});

describe('stored XSS: experience-base bookings', () => {
  it('the contact names of bookings show as text on 我的预约, and nothing runs', async () => {
    const learner = await apiLogin(suite.portal.baseUrl, '13800000002');
    const bases = await api<{ list: { id: number }[] }>('/bases?page=1&size=20');
    const names = [...SHORT_VECTORS];
    const booked: string[] = [];
    for (const base of bases.list) {
      if (booked.length === names.length) break;
      const detail = await api<{
        programmes: { slots: { id: number; seatsLeft: number; myBookingId: number | null }[] }[];
      }>(`/bases/detail?id=${base.id}`, learner.token);
      for (const slot of detail.programmes.flatMap((programme) => programme.slots)) {
        const contactName = names[booked.length];
        if (contactName === undefined) break;
        if (slot.seatsLeft < 1 || slot.myBookingId !== null) continue;
        try {
          await post('/bases/book', learner.token, {
            slotId: slot.id,
            partySize: 1,
            contactName,
            contactPhone: '13900000000',
          });
          booked.push(contactName);
        } catch (error) {
          // A rule of the base (one booking at a time, a closed slot) refused it: the next slot.
          if (!/: HTTP 200 (?:409|400) /.test(String(error))) throw error;
        }
      }
    }
    expect(booked).toEqual(names);

    const { page, runs } = await openWatched(learner);
    await page.goto(url('/Tiyan?tab=mine'));
    await page.locator('.booking-card').first().waitFor();
    await scrollUntil(page, async () => (await missingTexts(page, booked)).length === 0);
    expect(await missingTexts(page, booked)).toEqual([]);
    await poke(page);
    expect(await scanForScript(page)).toEqual([]);
    expect(await runs()).toEqual([]);
    shownPerPlace['booking contact names'] = booked.length;
  });
});

describe('stored XSS: the operators’ console', () => {
  it('what editors write shows as text to reviewers in the console and to learners, and nothing runs', async () => {
    const [editor, reviewer] = await Promise.all([
      apiLogin(suite.portal.baseUrl, '13800000012'),
      apiLogin(suite.portal.baseUrl, '13800000013'),
    ]);
    const [channel] = await api<Array<{ id: number }>>('/admin/articles/channels', editor.token);
    if (!channel) throw new Error('no channel');
    // Every payload in a title (100 characters), with the summary, source and body beside it.
    const titles = packed(100, canaried(corpus)).map((pack) => pack.join(' '));
    const articles: Array<{ id: number; version: number; title: string }> = [];
    for (const title of titles) {
      const created = await post<{ id: number; version: number }>(
        '/admin/articles/create',
        editor.token,
        {
          channelId: channel.id,
          title,
          summary: title,
          source: title.slice(0, 100),
          bodyHtml: `<p>${title}</p>${canaried(corpus).slice(0, 20).join('')}`,
        },
      );
      const sent = await post<{ id: number; version: number }>(
        '/admin/articles/submit',
        editor.token,
        { id: created.id, version: created.version },
      );
      articles.push({ ...sent, title });
    }
    // An activity whose sign-up form is made of payloads: labels and options of 20 characters.
    const labels = [
      ...new Set(canaried(SHORT_VECTORS).filter((label) => label.length <= 20)),
    ].slice(0, 20);
    const [organiser] = (
      await api<{ organisers: Array<{ id: number }> }>('/admin/activities/choices', editor.token)
    ).organisers;
    const day = 86_400_000;
    const activity = await post<{ id: number; version: number }>(
      '/admin/activities/create',
      editor.token,
      {
        kind: '讲座',
        organiserId: organiser?.id,
        title: titles[0],
        cover: '/files/covers/activity-lecture-1.svg',
        place: titles[1]?.slice(0, 100) ?? '地点',
        contact: '021-62561234',
        capacity: 10,
        signupStart: new Date(Date.now() - day).toISOString(),
        signupEnd: new Date(Date.now() + 5 * day).toISOString(),
        startAt: new Date(Date.now() + 6 * day).toISOString(),
        endAt: new Date(Date.now() + 6.1 * day).toISOString(),
        descriptionHtml: `<p>${titles[2]}</p>${canaried(corpus).slice(20, 40).join('')}`,
        formFields: labels.map((label, index) => ({
          key: `f${index}`,
          label,
          kind: index % 2 === 0 ? 'text' : 'choice',
          required: false,
          ...(index % 2 === 0 ? {} : { options: [label, `${label}!`] }),
        })),
      },
    );
    await post('/admin/activities/submit', editor.token, {
      id: activity.id,
      version: activity.version,
    });

    // The reviewer's console: the inbox, the lists, the editors, the audit log.
    const { page, runs } = await openWatched(reviewer);
    await page.evaluate((token) => {
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminSite', 'jingan');
    }, reviewer.token);
    const visit = async (path: string, expected: string[]) => {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      // On a busy machine the network can fall quiet between the page's chunks and its list:
      // the texts are awaited, not assumed.
      await expect
        .poll(() => missingTexts(page, expected), { message: path, timeout: 20_000 })
        .toEqual([]);
      await poke(page);
      expect(await scanForScript(page), path).toEqual([]);
      expect(await missingTexts(page, expected), path).toEqual([]);
    };
    // The inbox lists the longest waiting first, the list the newest change: 20 a page.
    await visit(
      '/admin/reviews?entity=article',
      articles.slice(0, 20).map((article) => article.title),
    );
    await visit(
      '/admin/articles?status=pending',
      articles.slice(-20).map((article) => article.title),
    );
    for (const article of articles.slice(0, 3)) {
      await visit(`/admin/articles/edit?id=${article.id}`, []);
    }
    await visit(`/admin/activities/edit?id=${activity.id}`, []);
    await visit('/admin/audit', []);
    expect(await runs()).toEqual([]);

    // Published: the learners' pages show the same texts, and nothing runs there either.
    for (const article of articles) {
      await post('/admin/articles/approve', reviewer.token, {
        id: article.id,
        version: article.version,
      });
    }
    const phone = await openWatched(reviewer);
    for (const article of articles) {
      await phone.page.goto(url(`/contentDetails?id=${article.id}`));
      await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
      await poke(phone.page);
      expect(await scanForScript(phone.page)).toEqual([]);
      expect(await missingTexts(phone.page, [article.title])).toEqual([]);
    }
    expect(await phone.runs()).toEqual([]);
    shownPerPlace['console articles and activities'] = corpus.length;
    // About 150 payloads through the console and the phone: minutes on a slow 2-core machine.
  }, 240_000);
});

describe('tokens never in a URL or a Referer', () => {
  it('logs in through the account center and walks through pages: no token in any request URL or Referer, the ticket only on the callback', async () => {
    const { page } = await suite.open();
    const base = suite.portal.baseUrl;
    const seen: Promise<{ url: string; referer: string; navigation: boolean }>[] = [];
    page.on('request', (request) => {
      seen.push(
        request.allHeaders().then((headers) => ({
          url: request.url(),
          referer: headers.referer ?? '',
          navigation: request.isNavigationRequest(),
        })),
      );
    });
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      // Chromium reports a navigation when it commits and when it settles: keep one.
      if (frame === page.mainFrame() && addresses.at(-1) !== frame.url()) {
        addresses.push(frame.url());
      }
    });
    let callbackPolicy = '';
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/authPage') {
        callbackPolicy = response.headers()['referrer-policy'] ?? '';
      }
    });

    await page.goto(url('/index/home'));
    await page.getByRole('link', { name: '登录 / 注册' }).click();
    await page.waitForURL(/\/sso\/login\?callback=/);
    await page.locator('input[name=username]').fill('13800000002');
    await page.locator('input[name=password]').fill('Demo@2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`${base}/index/home`);
    const tokens = new Set<string>();
    const keepToken = async () => {
      const token = await page.evaluate(() => localStorage.getItem('token'));
      if (token) tokens.add(token);
    };
    await keepToken();
    // The callback's address held the ticket only until the page took it off.
    const callbackAt = addresses.findIndex((address) => address.includes('ticket='));
    expect(callbackAt).toBeGreaterThanOrEqual(0);
    const ticket = new URL(addresses[callbackAt] ?? '').searchParams.get('ticket') ?? '';
    expect(ticket.length).toBeGreaterThanOrEqual(20);
    expect(addresses.slice(callbackAt + 1).filter((address) => address.includes(ticket))).toEqual(
      [],
    );
    expect(page.url()).not.toContain('ticket');

    // A walk through pages that call the API with the token (and a reload, which rotates it).
    for (const pathname of [
      '/index/userInfo',
      '/collect',
      '/footmark',
      '/index/study',
      '/myTeam',
    ]) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, pathname);
      await page.waitForLoadState('networkidle');
      await keepToken();
    }
    await page.reload();
    await page.waitForLoadState('networkidle');
    await keepToken();
    await page.goto(url('/index/userInfo'));
    await page.waitForLoadState('networkidle');
    await keepToken();
    expect(tokens.size).toBeGreaterThanOrEqual(2);

    const requests = await Promise.all(seen);
    expect(requests.length).toBeGreaterThan(30);
    const apiCalls = requests.filter((request) =>
      new URL(request.url).pathname.startsWith('/api/'),
    );
    expect(apiCalls.length).toBeGreaterThan(10);
    for (const token of tokens) {
      expect(requests.filter((r) => r.url.includes(token) || r.referer.includes(token))).toEqual(
        [],
      );
    }
    // The ticket: in the callback's own address only; no request after it names it.
    const withTicket = requests.filter(
      (request) => request.url.includes(ticket) || request.referer.includes(ticket),
    );
    expect(withTicket.map((request) => new URL(request.url).pathname)).toEqual(['/authPage']);
    expect(withTicket[0]?.navigation).toBe(true);
    const afterCallback = requests.slice(
      requests.indexOf(withTicket[0] as (typeof requests)[0]) + 1,
    );
    expect(afterCallback.length).toBeGreaterThan(10);
    // The callback page sends no Referer at all (its answer says so).
    expect(callbackPolicy).toBe('no-referrer');
    console.log(
      `tokens: ${requests.length} requests (${apiCalls.length} API calls, ${afterCallback.length} after the callback), ${tokens.size} tokens, ${withTicket.length} with the ticket`,
    );
    // No secret-looking parameter at all in any address.
    expect(
      requests.filter((request) => /[?&#](?:token|access_token|password)=/i.test(request.url)),
    ).toEqual([]);
  });
});
