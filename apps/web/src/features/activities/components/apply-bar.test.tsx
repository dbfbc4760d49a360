import type { ActivityDetail } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { ApplyBar } from './apply-bar.tsx';

beforeAll(() => useAntdRender());

afterEach(async () => {
  cleanup();
  await clearAntd();
  localStorage.clear();
  vi.restoreAllMocks();
});

const hour = 3600_000;

function activity(overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  const now = Date.now();
  return {
    id: 5,
    title: '静安非遗剪纸体验',
    cover: '/files/cover.svg',
    kind: '特色活动',
    organiser: '静安区文化馆',
    place: '静安区文化馆 2 楼',
    mapPlaceId: null,
    capacity: 30,
    seatsTaken: 10,
    seatsLeft: 20,
    signupStart: new Date(now - 24 * hour).toISOString(),
    signupEnd: new Date(now + 24 * hour).toISOString(),
    startAt: new Date(now + 48 * hour).toISOString(),
    endAt: new Date(now + 50 * hour).toISOString(),
    status: '报名中',
    description: '<p>介绍</p>',
    contact: '021-62561234',
    formFields: [],
    attachments: null,
    reviewSignups: false,
    waitingCount: 0,
    myApplication: null,
    ...overrides,
  };
}

function application(
  status: NonNullable<ActivityDetail['myApplication']>['status'],
  more: { place?: number; reason?: string } = {},
): ActivityDetail['myApplication'] {
  return {
    id: 1,
    status,
    appliedAt: new Date().toISOString(),
    place: more.place ?? null,
    reason: more.reason ?? null,
    checkedInAt: null,
  };
}

function renderBar(detail: ActivityDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApplyBar activity={detail} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the apply bar of an activity', () => {
  it('links a special activity to its own signup', () => {
    localStorage.setItem('token', 't');
    renderBar(activity());
    expect(screen.getByRole('link', { name: '立即报名' }).getAttribute('href')).toBe(
      '/extensionSignup?id=5',
    );
  });

  it('asks a visitor to log in instead of opening the signup', async () => {
    renderBar(activity());
    fireEvent.click(screen.getByRole('link', { name: '立即报名' }));
    await screen.findByText('您还未登录或登录已过期，请先登录');
  });

  it('shows 已报名 with 我的活动 and a cancel that asks first', () => {
    localStorage.setItem('token', 't');
    renderBar(
      activity({
        myApplication: application('active'),
      }),
    );
    expect(screen.getByText('已报名')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看我的活动' }).getAttribute('href')).toBe(
      '/myActive',
    );
    fireEvent.click(screen.getByRole('button', { name: /^取消报名/ }));
    expect(screen.getByRole('button', { name: /^确认取消报名/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '不取消了' }));
    expect(screen.getByRole('button', { name: /^取消报名/ })).toBeTruthy();
  });

  it('offers the waiting list of a full activity, saying how many wait', () => {
    localStorage.setItem('token', 't');
    renderBar(activity({ status: '已满', seatsLeft: 0, seatsTaken: 30, waitingCount: 5 }));
    expect(screen.getByText(/名额已满，已有 5 人候补/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '加入候补' }).getAttribute('href')).toBe(
      '/extensionSignup?id=5',
    );
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });

  it('tells the learner before applying that applications are reviewed', () => {
    localStorage.setItem('token', 't');
    renderBar(activity({ reviewSignups: true }));
    expect(screen.getByText('报名需审核，审核通过后报名成功')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即报名' })).toBeTruthy();
  });

  it('shows 待审核 with why and a cancel that asks first', () => {
    localStorage.setItem('token', 't');
    renderBar(activity({ reviewSignups: true, myApplication: application('pending') }));
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.getByText('报名已提交，等待工作人员审核，名额已为您保留')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^取消报名/ }));
    expect(screen.getByRole('button', { name: /^确认取消报名/ })).toBeTruthy();
  });

  it('shows the place in line with 取消候补', () => {
    localStorage.setItem('token', 't');
    renderBar(
      activity({
        status: '已满',
        seatsLeft: 0,
        waitingCount: 4,
        myApplication: application('waiting', { place: 2 }),
      }),
    );
    expect(screen.getByText('候补第 2 位')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '加入候补' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^取消候补/ }));
    expect(screen.getByRole('button', { name: /^确认取消候补/ })).toBeTruthy();
  });

  it("shows a refusal with the reviewer's reason and a disabled button", () => {
    localStorage.setItem('token', 't');
    renderBar(
      activity({ myApplication: application('rejected', { reason: '名额需优先本街道居民' }) }),
    );
    expect(screen.getByText('未通过')).toBeTruthy();
    expect(screen.getByText('未通过原因：名额需优先本街道居民')).toBeTruthy();
    const button = screen.getByRole('button', { name: '报名未通过' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });

  it('explains a closed activity with a disabled, legible button', () => {
    renderBar(activity({ status: '进行中' }));
    const button = screen.getByRole('button', { name: '报名已截止' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });
});
