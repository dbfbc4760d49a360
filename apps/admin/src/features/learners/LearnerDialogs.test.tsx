// @vitest-environment happy-dom
import type { LearnerDetail } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisableDialog, PointsDialog } from './LearnerDialogs.tsx';

const LEARNER: LearnerDetail['learner'] = {
  id: 7,
  nickname: '王秀兰',
  phone: '13800000001',
  avatar: null,
  joinedAt: '2026-10-01T02:00:00.000Z',
  lastSeenAt: '2026-11-30T02:00:00.000Z',
  points: 3,
  state: 'active',
  disabledAt: null,
  disabledReason: null,
};

/** Stubs `fetch` (the network edge): each call gets the next envelope; answers the bodies seen. */
function fakeNetwork(...replies: object[]) {
  const seen: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push(JSON.parse(await request.text()));
      const reply = replies.shift() ?? { code: 0, message: '', data: null };
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return seen;
}

function renderDialog(dialog: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    // As the console's App: no space put between a button's two characters (停用, not 停 用).
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={client}>
        <App>{dialog}</App>
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PointsDialog', () => {
  it('checks the points and the reason before sending anything', async () => {
    const seen = fakeNetwork();
    renderDialog(<PointsDialog learner={LEARNER} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    await screen.findByText('请填写调整的积分');
    await screen.findByText('请写明调整的原因（至少 2 个字）');
    expect(seen).toEqual([]);
  });

  it('shows the server’s refusal of a deduction beyond the balance, and sends the same key again', async () => {
    const refusal = '积分不足：该学员现有 3 积分，最多可扣减 3 积分';
    const seen = fakeNetwork(
      { code: 409, message: refusal, data: null },
      { code: 0, message: '', data: { balance: 0, applied: true } },
    );
    const onClose = vi.fn();
    renderDialog(<PointsDialog learner={LEARNER} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByText('扣减'));
    const points = await within(dialog).findByLabelText('扣减积分');
    fireEvent.change(points, { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('调整原因'), {
      target: { value: '核对后扣回多发的积分' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await within(dialog).findByText(refusal);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(points, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, second] = seen as Array<{ amount: number; key: string; reason: string }>;
    expect(first).toMatchObject({ id: 7, amount: -10, reason: '核对后扣回多发的积分' });
    expect(second).toMatchObject({ id: 7, amount: -3 });
    // One dialog, one submission key: a retry is never a second adjustment.
    expect(second?.key).toBe(first?.key);
    expect(first?.key).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('takes a new key for each opening', async () => {
    const seen = fakeNetwork(
      { code: 0, message: '', data: { balance: 8, applied: true } },
      { code: 0, message: '', data: { balance: 13, applied: true } },
    );
    for (const _ of [1, 2]) {
      const onClose = vi.fn();
      const view = renderDialog(<PointsDialog learner={LEARNER} onClose={onClose} />);
      fireEvent.change(screen.getByLabelText('增加积分'), { target: { value: '5' } });
      fireEvent.change(screen.getByLabelText('调整原因'), { target: { value: '活动补录' } });
      fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      view.unmount();
    }
    const [first, second] = seen as Array<{ key: string }>;
    expect(first?.key).not.toBe(second?.key);
  });
});

describe('DisableDialog', () => {
  it('asks for a reason, then sends it trimmed', async () => {
    const seen = fakeNetwork({ code: 0, message: '', data: { ...LEARNER, state: 'disabled' } });
    const onClose = vi.fn();
    renderDialog(<DisableDialog learner={LEARNER} onClose={onClose} />);
    screen.getByText(/所有设备上立即退出登录/);
    fireEvent.click(screen.getByRole('button', { name: '停用' }));
    await screen.findByText('请写明停用的原因（至少 2 个字）');
    expect(seen).toEqual([]);
    fireEvent.change(screen.getByLabelText('停用原因'), {
      target: { value: '  多次冒用他人身份报名  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '停用' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen).toEqual([{ id: 7, reason: '多次冒用他人身份报名' }]);
  });
});
