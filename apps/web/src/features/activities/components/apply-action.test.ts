import { describe, expect, it } from 'vitest';
import { type ApplyAction, applyActionOf } from './apply-action.ts';

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const day = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** An activity whose signup is open at NOW, with overrides. */
function activity(overrides: Partial<Parameters<typeof applyActionOf>[0]> = {}) {
  return {
    status: '报名中' as const,
    myApplication: null,
    seatsLeft: 12,
    signupStart: iso(NOW - 2 * day),
    signupEnd: iso(NOW + 2 * day),
    startAt: iso(NOW + 3 * day),
    endAt: iso(NOW + 3 * day + 2 * 3600_000),
    reviewSignups: false,
    waitingCount: 0,
    ...overrides,
  };
}

const applied = (checkedInAt: string | null = null) => ({
  id: 9,
  status: 'active' as const,
  appliedAt: iso(NOW - day),
  place: null,
  reason: null,
  checkedInAt,
});

/** An application in another status (in review, in line, refused). */
const application = (
  status: 'pending' | 'waiting' | 'rejected',
  more: { place?: number; reason?: string } = {},
) => ({ ...applied(), status, place: more.place ?? null, reason: more.reason ?? null });

describe('the action of an activity page', () => {
  it('offers 立即报名 with the seats left while signup is open', () => {
    expect(applyActionOf(activity(), NOW)).toEqual({
      kind: 'apply',
      note: '剩余 12 个名额',
      review: false,
    });
  });

  it('says before applying when the organiser reviews applications', () => {
    expect(applyActionOf(activity({ reviewSignups: true }), NOW)).toMatchObject({
      kind: 'apply',
      review: true,
    });
  });

  it('offers the waiting list of a full activity, saying how many wait', () => {
    const full = activity({ status: '已满', seatsLeft: 0, waitingCount: 5 });
    expect(applyActionOf(full, NOW)).toEqual({
      kind: 'waitlist',
      note: '名额已满，已有 5 人候补',
      review: false,
    });
  });

  it('shows 待审核 with cancel while the reviewer decides', () => {
    const action = applyActionOf(activity({ myApplication: application('pending') }), NOW);
    expect(action).toEqual({
      kind: 'queued',
      status: 'pending',
      place: null,
      label: '待审核',
      canCancel: true,
      note: '报名已提交，等待工作人员审核，名额已为您保留',
    });
  });

  it('shows the place in line with 取消候补 on the waiting list of a full activity', () => {
    const action = applyActionOf(
      activity({
        status: '已满',
        seatsLeft: 0,
        myApplication: application('waiting', { place: 3 }),
      }),
      NOW,
    );
    expect(action).toMatchObject({
      kind: 'queued',
      status: 'waiting',
      place: 3,
      label: '候补第 3 位',
      canCancel: true,
    });
  });

  it('does not offer to leave the waiting list once the window has closed', () => {
    const action = applyActionOf(
      activity({
        status: '进行中',
        signupEnd: iso(NOW - 1),
        myApplication: application('waiting', { place: 1 }),
      }),
      NOW,
    );
    expect(action).toMatchObject({ kind: 'queued', canCancel: false });
  });

  it("shows a refusal with the reviewer's reason and no way to apply", () => {
    const action = applyActionOf(
      activity({ myApplication: application('rejected', { reason: '年龄不符合要求' }) }),
      NOW,
    );
    expect(action).toEqual({ kind: 'rejected', note: '未通过原因：年龄不符合要求' });
  });

  it('shows 已报名 with cancel while the signup window is open', () => {
    const action = applyActionOf(activity({ myApplication: applied() }), NOW);
    expect(action).toMatchObject({ kind: 'applied', label: '已报名', canCancel: true });
  });

  it('does not offer cancel once the window has closed', () => {
    const action = applyActionOf(
      activity({ status: '进行中', myApplication: applied(), signupEnd: iso(NOW - 1) }),
      NOW,
    );
    expect(action).toMatchObject({ kind: 'applied', canCancel: false });
  });

  it('shows 已签到 without cancel once checked in', () => {
    const action = applyActionOf(activity({ myApplication: applied(iso(NOW)) }), NOW);
    expect(action).toMatchObject({ kind: 'applied', label: '已签到', canCancel: false });
  });

  it('treats a cancelled application as none', () => {
    const cancelled = { ...applied(), status: 'cancelled' as const };
    expect(applyActionOf(activity({ myApplication: cancelled }), NOW).kind).toBe('apply');
  });

  it('says when signup opens before it does', () => {
    const opens = Date.parse('2026-11-25T09:30:00+08:00');
    const action = applyActionOf(activity({ status: '未开始', signupStart: iso(opens) }), NOW);
    expect(action.kind).toBe('disabled');
    expect(action).toMatchObject({ label: '报名未开始' });
    // Local time of the test machine: check the shape, not the zone.
    expect((action as Extract<ApplyAction, { kind: 'disabled' }>).note).toMatch(
      /^2026\.11\.2\d \d\d:\d\d 开始报名$/,
    );
  });

  it.each([
    ['进行中', '报名已截止'],
    ['已结束', '活动已结束'],
  ] as const)('disables the button when the activity is %s', (status, label) => {
    expect(applyActionOf(activity({ status }), NOW)).toMatchObject({ kind: 'disabled', label });
  });
});
