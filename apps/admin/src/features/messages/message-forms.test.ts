import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  campaignBody,
  composePath,
  fieldOfRefusal,
  initialCompose,
  readShare,
  refusalText,
  sendAtProblem,
} from './message-forms.ts';

const NOW = new Date('2026-12-01T02:00:00.000Z');
const at = (minutes: number) => ({ toDate: () => new Date(NOW.getTime() + minutes * 60_000) });

describe('audienceOf', () => {
  it('names the whole site or the inactive learners with nothing more', () => {
    expect(audienceOf({ audience: 'site', kind: 'class', itemId: 4 })).toEqual({ type: 'site' });
    expect(audienceOf({ audience: 'inactive', teamId: 2 })).toEqual({ type: 'inactive' });
  });

  it('waits for the item or the team to be chosen', () => {
    expect(audienceOf({ audience: 'item', kind: 'class' })).toBeNull();
    expect(audienceOf({ audience: 'team' })).toBeNull();
    expect(audienceOf({})).toBeNull();
    expect(audienceOf({ audience: 'item', kind: 'walk', itemId: 9 })).toEqual({
      type: 'item',
      kind: 'walk',
      id: 9,
    });
    expect(audienceOf({ audience: 'team', teamId: 3, itemId: 9 })).toEqual({ type: 'team', id: 3 });
  });
});

describe('sendAtProblem', () => {
  it('asks for a time a minute ahead or more, and within 90 days', () => {
    expect(sendAtProblem(null, NOW)).toBe('请选择发送时间');
    expect(sendAtProblem(at(0.5).toDate(), NOW)).toBe('请选择 1 分钟之后的时间，或选择立即发送');
    expect(sendAtProblem(at(-60).toDate(), NOW)).toMatch(/1 分钟之后/);
    expect(sendAtProblem(at(1).toDate(), NOW)).toBeUndefined();
    expect(sendAtProblem(at(90 * 24 * 60).toDate(), NOW)).toBeUndefined();
    expect(sendAtProblem(at(90 * 24 * 60 + 1).toDate(), NOW)).toBe('最多可以提前 90 天定时发送');
  });
});

describe('campaignBody', () => {
  const base = { title: ' 调课通知 ', body: ' 本周六停课一次。 ', when: 'now' as const };

  it('trims the text and sends at once unless a time is chosen', () => {
    expect(campaignBody({ ...base, audience: 'site' })).toEqual({
      title: '调课通知',
      body: '本周六停课一次。',
      audience: { type: 'site' },
      sendAt: null,
    });
    // A time left in the form after going back to 立即发送 is not sent.
    expect(campaignBody({ ...base, audience: 'site', sendAt: at(30) }).sendAt).toBeNull();
  });

  it('sends the chosen time as ISO 8601, and the chosen item', () => {
    expect(
      campaignBody({
        ...base,
        audience: 'item',
        kind: 'class',
        itemId: 5,
        when: 'later',
        sendAt: at(30),
      }),
    ).toMatchObject({
      audience: { type: 'item', kind: 'class', id: 5 },
      sendAt: '2026-12-01T02:30:00.000Z',
    });
  });

  it('refuses an audience not chosen', () => {
    expect(() => campaignBody({ ...base, audience: 'team' })).toThrow('请选择发送对象');
  });
});

describe('refusals', () => {
  it('put the server’s message on the field it names', () => {
    expect(fieldOfRefusal('标题至少 2 个字')).toBe('title');
    expect(fieldOfRefusal('正文最多 1000 个字')).toBe('body');
    expect(fieldOfRefusal('发送时间：请选择 1 分钟之后的时间，或选择立即发送')).toBe('sendAt');
    expect(refusalText('发送时间：最多可以提前 90 天定时发送')).toBe('最多可以提前 90 天定时发送');
    expect(fieldOfRefusal('团队不存在')).toBe('teamId');
    expect(fieldOfRefusal('请选择要通知哪个项目的报名学员')).toBe('itemId');
    expect(fieldOfRefusal('发送对象中没有可以接收消息的学员，请换一个发送对象')).toBeUndefined();
  });
});

describe('readShare', () => {
  it('shows read of sent with its share, a dash before sending', () => {
    expect(readShare({ read: null, recipients: null })).toBe('—');
    expect(readShare({ read: 0, recipients: 0 })).toBe('0 / 0');
    expect(readShare({ read: 1, recipients: 3 })).toBe('1 / 3（33%）');
  });
});

describe('the compose address', () => {
  it('carries an item’s participants from its list, and nothing else it cannot read', () => {
    const path = composePath({ kind: 'activity', id: 12 });
    expect(initialCompose(new URL(path, 'http://x').searchParams)).toEqual({
      audience: 'item',
      kind: 'activity',
      itemId: 12,
      when: 'now',
    });
    const read = (search: string) => initialCompose(new URLSearchParams(search));
    const plain = { audience: 'site', kind: 'class', when: 'now' };
    expect(read('')).toEqual(plain);
    expect(read('audience=item&kind=shop&id=3')).toEqual(plain);
    expect(read('audience=item&kind=class&id=-1')).toEqual(plain);
    expect(read('audience=everyone')).toEqual(plain);
    expect(read('audience=inactive')).toEqual({ ...plain, audience: 'inactive' });
    expect(composePath()).toBe('/messages/new');
  });
});
