import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/platform/request.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import {
  CancelSignupButton,
  isFullRefusal,
  liveSignup,
  SeatsFact,
  SignupNote,
  signupLabel,
  submittedText,
  waitingText,
  waitlistMode,
} from './signup-status.tsx';

beforeAll(() => useAntdRender());

afterEach(async () => {
  cleanup();
  await clearAntd();
});

const signup = (
  status: 'active' | 'pending' | 'waiting' | 'rejected' | 'cancelled',
  more: { place?: number; reason?: string } = {},
) => ({ status, place: more.place ?? null, reason: more.reason ?? null });

describe("a learner's sign-up", () => {
  it.each([
    ['active', {}, '已报名'],
    ['pending', {}, '待审核'],
    ['waiting', { place: 3 }, '候补第 3 位'],
    ['rejected', { reason: '不符合条件' }, '未通过'],
  ] as const)('reads %s as %s', (status, more, label) => {
    expect(signupLabel(signup(status, more))).toBe(label);
  });

  it('counts a cancelled sign-up as none', () => {
    expect(liveSignup(signup('cancelled'))).toBeNull();
    expect(liveSignup(null)).toBeNull();
    expect(liveSignup(signup('waiting', { place: 1 }))?.place).toBe(1);
  });

  it('says how many wait', () => {
    expect(waitingText(5)).toBe('已有 5 人候补');
    expect(waitingText(0)).toBe('目前无人候补');
  });

  it("shows the reviewer's reason under a refusal", () => {
    render(<SignupNote signup={signup('rejected', { reason: '年龄不符合要求' })} />);
    expect(screen.getByText('未通过原因：年龄不符合要求')).toBeTruthy();
  });

  it('explains a sign-up in review and one in line, and nothing for a confirmed one', () => {
    const { container } = render(<SignupNote signup={signup('active')} />);
    expect(container.textContent).toBe('');
    render(<SignupNote signup={signup('pending')} />);
    expect(screen.getByText('报名已提交，等待工作人员审核，名额已为您保留')).toBeTruthy();
  });

  it('words what a sign-up became once sent', () => {
    expect(submittedText(signup('waiting', { place: 6 }))?.title).toBe('已加入候补，您是第 6 位');
    expect(submittedText(signup('pending'))?.title).toBe('报名已提交，等待审核');
    expect(submittedText(signup('active'))).toBeNull();
  });
});

describe('the seats of a full item', () => {
  it('says it is full and how many wait', () => {
    render(<SeatsFact item={{ capacity: 60, seatsLeft: 0, status: '已满', waitingCount: 5 }} />);
    expect(screen.getByText('已报满')).toBeTruthy();
    expect(screen.getByText('已有 5 人候补，可加入候补')).toBeTruthy();
  });

  it('says the seats left while open', () => {
    const { container } = render(
      <SeatsFact item={{ capacity: 30, seatsLeft: 4, status: '报名中', waitingCount: 0 }} />,
    );
    expect(container.textContent).toBe('共 30 人，剩余 4 个');
  });
});

describe('the waiting list of a signup form', () => {
  it('sends a full item to its waiting list', () => {
    expect(waitlistMode('已满', null)).toEqual({ raced: false, waitlist: true });
    expect(waitlistMode('报名中', null)).toEqual({ raced: false, waitlist: false });
  });

  it('offers it when the last seat went while the learner filled in', () => {
    const full = new ApiError(409, '名额已满', null);
    expect(isFullRefusal(full)).toBe(true);
    expect(waitlistMode('报名中', full)).toEqual({ raced: true, waitlist: true });
    expect(isFullRefusal(new ApiError(409, '您已报名该班级', null))).toBe(false);
    expect(isFullRefusal(new Error('名额已满'))).toBe(false);
  });
});

describe('cancelling a sign-up', () => {
  it('asks before leaving the waiting list', () => {
    const onConfirm = vi.fn();
    render(
      <CancelSignupButton
        waiting
        title="书法班"
        pending={false}
        error={null}
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '取消候补：书法班' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '不取消了' }));
    fireEvent.click(screen.getByRole('button', { name: '取消候补：书法班' }));
    fireEvent.click(screen.getByRole('button', { name: '确认取消候补：书法班' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when it fails", () => {
    render(
      <CancelSignupButton
        waiting={false}
        title="书法班"
        pending={false}
        error="报名已截止，无法取消"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('报名已截止，无法取消');
  });
});
