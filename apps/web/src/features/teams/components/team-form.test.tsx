import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { renderWithClient } from '@/testing/fake-network.tsx';
import { NEW_TEAM, TeamForm, teamFormProblems } from './team-form.tsx';

beforeAll(() => useAntdRender());
afterEach(async () => {
  cleanup();
  await clearAntd();
});

describe('the team form', () => {
  it('checks the name and the member limit before anything is sent', () => {
    expect(teamFormProblems({ name: ' 甲 ', capacity: '30' })).toEqual({
      name: '团队名称至少 2 个字',
    });
    expect(teamFormProblems({ name: '读书会', capacity: '1' })).toEqual({
      capacity: '成员上限应在 2 到 500 人之间',
    });
    expect(teamFormProblems({ name: '读书会', capacity: '' })).toEqual({
      capacity: '成员上限请填写整数',
    });
    expect(teamFormProblems({ name: '读书会', capacity: '20' })).toEqual({});
  });

  it('keeps what the learner typed when the team data loads again, and sends it', () => {
    const submit = vi.fn();
    const initial = { ...NEW_TEAM, name: '书香读书会', avatar: '/files/team-avatars/seed-1.svg' };
    const props = { submitLabel: '保存设置', pending: false, error: null, onSubmit: submit };
    function Host() {
      // A refetch hands the form new initial values.
      const [current, setCurrent] = useState(initial);
      return (
        <>
          <button type="button" onClick={() => setCurrent({ ...initial, name: '服务器上的名字' })}>
            重新加载
          </button>
          <TeamForm initial={current} {...props} />
        </>
      );
    }
    renderWithClient(<Host />);
    fireEvent.change(screen.getByLabelText('团队名称'), { target: { value: '新名字读书会' } });
    fireEvent.click(screen.getByLabelText('凭邀请码加入'));
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect((screen.getByLabelText('团队名称') as HTMLInputElement).value).toBe('新名字读书会');
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    // The seeded avatar was not changed, so it is not sent.
    expect(submit).toHaveBeenCalledWith({
      name: '新名字读书会',
      intro: '',
      joinMode: 'code',
      capacity: 30,
    });
  });
});
