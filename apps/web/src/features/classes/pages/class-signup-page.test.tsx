import type { ClassDetail, ClassSignupResult } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { fakeNetwork, ok } from '@/testing/fake-network.tsx';
import { ClassSignupPage } from './class-signup-page.tsx';

beforeAll(() => useAntdRender());

let restorePolicy: () => void;
beforeEach(() => {
  localStorage.setItem('token', 't');
  restorePolicy = setFailurePolicy(() => {});
});
afterEach(async () => {
  cleanup();
  await clearAntd();
  restorePolicy();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const hour = 3600_000;

function klass(overrides: Partial<ClassDetail> = {}): ClassDetail {
  const now = Date.now();
  return {
    id: 4,
    title: '日语五十音入门班',
    cover: '/files/cover.svg',
    term: '2026年冬季',
    schedule: '每周六 18:30-20:00',
    place: '天目西路街道社区学校',
    teacherName: '郭佩玲',
    capacity: 60,
    seatsTaken: 59,
    seatsLeft: 1,
    signupStart: new Date(now - 24 * hour).toISOString(),
    signupEnd: new Date(now + 24 * hour).toISOString(),
    startAt: new Date(now + 48 * hour).toISOString(),
    endAt: new Date(now + 500 * hour).toISOString(),
    status: '报名中',
    introduction: '<p>介绍</p>',
    courses: [],
    formFields: [{ key: 'name', label: '姓名', kind: 'text', required: true }],
    reviewSignups: false,
    waitingCount: 0,
    mySignup: null,
    ...overrides,
  };
}

const inLine = (place: number): ClassSignupResult => ({
  classId: 4,
  mySignup: { status: 'waiting', signedUpAt: new Date().toISOString(), place, reason: null },
  capacity: 60,
  seatsTaken: 60,
  seatsLeft: 0,
  status: '已满',
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/classSignup?id=4']}>
        <ClassSignupPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillAndSend(button: string) {
  fireEvent.change(await screen.findByLabelText(/^姓名/), { target: { value: '王秀兰' } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('/classSignup', () => {
  it('joins the waiting list of a full class and shows the place', async () => {
    const fullClass = klass({ status: '已满', seatsLeft: 0, waitingCount: 5 });
    // The class again after the signup (the page refreshes it).
    const seen = fakeNetwork(ok(fullClass), ok(inLine(6)), ok(fullClass));
    renderPage();
    await screen.findByText(/名额已满，已有 5 人候补/);
    await fillAndSend('加入候补');
    await screen.findByRole('heading', { name: '已加入候补，您是第 6 位' });
    expect(seen[1]).toEqual({
      path: '/classes/signup',
      body: { classId: 4, form: { name: '王秀兰' }, waitlist: true },
    });
  });

  it('offers the waiting list when the last seat went meanwhile', async () => {
    const seen = fakeNetwork(
      ok(klass()),
      { code: 409, message: '名额已满', data: null },
      ok(inLine(1)),
      ok(klass()),
    );
    renderPage();
    await fillAndSend('提交报名');
    await screen.findByText(/名额刚刚报满了。您可以加入候补/);
    expect(seen[1]?.body).toMatchObject({ waitlist: false });
    fireEvent.click(screen.getByRole('button', { name: '加入候补' }));
    await screen.findByRole('heading', { name: '已加入候补，您是第 1 位' });
    expect(seen[2]?.body).toMatchObject({ classId: 4, waitlist: true });
  });

  it('tells a learner of a reviewed class that their sign-up waits for review', async () => {
    fakeNetwork(
      ok(klass({ reviewSignups: true })),
      ok({
        ...inLine(1),
        mySignup: { status: 'pending', signedUpAt: '', place: null, reason: null },
        status: '报名中',
      }),
      ok(klass({ reviewSignups: true })),
    );
    renderPage();
    await screen.findByText('报名需审核，审核通过后报名成功。');
    await fillAndSend('提交报名');
    await screen.findByRole('heading', { name: '报名已提交，等待审核' });
  });
});
