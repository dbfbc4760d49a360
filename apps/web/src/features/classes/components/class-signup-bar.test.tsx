import type { ClassDetail, MySignup } from '@portal/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { renderWithClient } from '@/testing/fake-network.tsx';
import { ClassSignupBar } from './class-signup-bar.tsx';

beforeAll(() => useAntdRender());

afterEach(async () => {
  cleanup();
  await clearAntd();
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
    seatsTaken: 50,
    seatsLeft: 10,
    signupStart: new Date(now - 24 * hour).toISOString(),
    signupEnd: new Date(now + 24 * hour).toISOString(),
    startAt: new Date(now + 48 * hour).toISOString(),
    endAt: new Date(now + 500 * hour).toISOString(),
    status: '报名中',
    introduction: '<p>介绍</p>',
    courses: [],
    formFields: [],
    reviewSignups: false,
    waitingCount: 0,
    mySignup: null,
    ...overrides,
  };
}

const mine = (
  status: MySignup['status'],
  more: { place?: number; reason?: string } = {},
): MySignup => ({
  status,
  signedUpAt: new Date().toISOString(),
  place: more.place ?? null,
  reason: more.reason ?? null,
});

const full = { status: '已满', seatsTaken: 60, seatsLeft: 0 } as const;

describe('the signup bar of a class', () => {
  it('offers the waiting list of a full class, saying how many wait', () => {
    renderWithClient(<ClassSignupBar klass={klass({ ...full, waitingCount: 5 })} />);
    expect(screen.getByText(/名额已满，已有 5 人候补/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '加入候补' }).getAttribute('href')).toBe(
      '/classSignup?id=4',
    );
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });

  it('tells the learner before signing up that sign-ups are reviewed', () => {
    renderWithClient(<ClassSignupBar klass={klass({ reviewSignups: true })} />);
    expect(screen.getByText('报名需审核，审核通过后报名成功')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即报名' })).toBeTruthy();
  });

  it('shows 待审核 with why and 取消报名', () => {
    renderWithClient(<ClassSignupBar klass={klass({ mySignup: mine('pending') })} />);
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.getByText('报名已提交，等待工作人员审核，名额已为您保留')).toBeTruthy();
    expect(screen.getByRole('link', { name: '我的班级' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^取消报名/ }));
    expect(screen.getByRole('button', { name: /^确认取消报名/ })).toBeTruthy();
  });

  it('shows the place in line with 取消候补', () => {
    renderWithClient(
      <ClassSignupBar
        klass={klass({ ...full, waitingCount: 6, mySignup: mine('waiting', { place: 6 }) })}
      />,
    );
    expect(screen.getByText('候补第 6 位')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '加入候补' })).toBeNull();
    expect(screen.getByRole('button', { name: /^取消候补/ })).toBeTruthy();
  });

  it('offers no cancel once the signup window has closed', () => {
    const closed = new Date(Date.now() - hour).toISOString();
    renderWithClient(
      <ClassSignupBar
        klass={klass({
          status: '进行中',
          signupEnd: closed,
          mySignup: mine('waiting', { place: 1 }),
        })}
      />,
    );
    expect(screen.getByText('候补第 1 位')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^取消候补/ })).toBeNull();
  });

  it("shows a refusal with the reviewer's reason and no way to sign up", () => {
    renderWithClient(
      <ClassSignupBar
        klass={klass({
          reviewSignups: true,
          mySignup: mine('rejected', { reason: '本期名额已满' }),
        })}
      />,
    );
    expect(screen.getByText('未通过原因：本期名额已满')).toBeTruthy();
    const button = screen.getByRole('button', { name: '报名未通过' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });

  it('signs a cancelled learner up again like anyone', () => {
    renderWithClient(<ClassSignupBar klass={klass({ mySignup: mine('cancelled') })} />);
    expect(screen.getByRole('link', { name: '立即报名' })).toBeTruthy();
  });
});
