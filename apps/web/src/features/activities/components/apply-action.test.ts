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
    ...overrides,
  };
}

const applied = (checkedInAt: string | null = null) => ({
  id: 9,
  status: 'active' as const,
  appliedAt: iso(NOW - day),
  checkedInAt,
});

describe('the action of an activity page', () => {
  it('offers 立即报名 with the seats left while signup is open', () => {
    expect(applyActionOf(activity(), NOW)).toEqual({ kind: 'apply', note: '剩余 12 个名额' });
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
    ['已满', '名额已满'],
    ['进行中', '报名已截止'],
    ['已结束', '活动已结束'],
  ] as const)('disables the button when the activity is %s', (status, label) => {
    expect(applyActionOf(activity({ status }), NOW)).toMatchObject({ kind: 'disabled', label });
  });
});
