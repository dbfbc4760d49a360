import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { fakeNetwork, ok, renderWithClient } from '@/testing/fake-network.tsx';
import { DevicesSection } from './devices-section.tsx';

beforeAll(() => useAntdRender());
beforeEach(() => localStorage.setItem('token', 'A'.repeat(43)));
afterEach(async () => {
  cleanup();
  await clearAntd();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const device = (id: string, description: string, current: boolean) => ({
  id,
  description,
  signedInAt: '2026-11-20T02:00:00.000Z',
  lastSeenAt: '2026-11-26T01:30:00.000Z',
  current,
});

describe('the signed-in devices', () => {
  it('marks this device 本机 and signs another out by its id', async () => {
    const seen = fakeNetwork(
      ok([device('me', 'iPhone · Safari', true), device('pad', 'iPad · 微信', false)]),
      ok(null),
      ok([device('me', 'iPhone · Safari', true)]),
    );
    renderWithClient(<DevicesSection />);
    expect(await screen.findByText('本机')).toBeTruthy();
    expect(screen.getAllByText('最近使用 11/26 09:30')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '让iPhone · Safari退出登录' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '让iPad · 微信退出登录' }));
    await screen.findByText('只有本机登录了这个账号。');
    expect(seen[1]).toEqual({ path: '/account/devices/sign-out', body: { id: 'pad' } });
  });

  it('signs every other device out at once', async () => {
    const seen = fakeNetwork(
      ok([device('me', 'iPhone · Safari', true), device('pad', 'iPad · 微信', false)]),
      ok(null),
      ok([device('me', 'iPhone · Safari', true)]),
    );
    renderWithClient(<DevicesSection />);
    fireEvent.click(await screen.findByRole('button', { name: '退出其他所有设备' }));
    await waitFor(() => expect(seen[1]?.path).toBe('/account/devices/sign-out-others'));
  });

  it('offers 重试 when the list did not load', async () => {
    fakeNetwork({ code: 500, message: '服务器开小差了', data: null });
    renderWithClient(<DevicesSection />);
    expect(await screen.findByRole('heading', { name: '登录设备没有读取成功' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
