import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RequestFailure, setFailurePolicy } from '@/platform/request.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { fakeNetwork, ok, renderWithClient } from '@/testing/fake-network.tsx';
import { PhoneCodeForm } from './phone-code-form.tsx';

let failures: RequestFailure[];
let restore: () => void;

beforeAll(() => useAntdRender());
beforeEach(() => {
  localStorage.setItem('token', 'A'.repeat(43));
  failures = [];
  restore = setFailurePolicy((failure) => failures.push(failure));
});
afterEach(async () => {
  cleanup();
  await clearAntd();
  restore();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const BINDINGS = {
  phone: '139****5678',
  canUnbind: false,
  external: {
    configured: false,
    name: '统一身份认证',
    loginUrl: null,
    bound: false,
    displayName: null,
    boundAt: null,
    canUnbind: false,
  },
};

describe('the phone code form', () => {
  it('checks the number before asking for a code, then counts down to the next one', async () => {
    const seen = fakeNetwork(ok({ resendAfterSeconds: 60 }));
    renderWithClient(<PhoneCodeForm mode="bind" onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '1390000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByText('请输入 11 位手机号')).toBeTruthy();
    expect(seen).toEqual([]);

    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const wait = await screen.findByRole('button', { name: '60 秒后重发' });
    expect((wait as HTMLButtonElement).disabled).toBe(true);
    expect(seen).toEqual([
      { path: '/account/phone/code', body: { purpose: 'bind', phone: '13912345678' } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('验证码已发送，5 分钟内有效');
  });

  it('shows the server’s refusal of a wrong code beside the button, not as a toast', async () => {
    fakeNetwork({ code: 400, message: '验证码错误，还可以再试 4 次', data: null });
    const onDone = vi.fn();
    renderWithClient(<PhoneCodeForm mode="bind" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误，还可以再试 4 次');
    expect(failures).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('binds with the typed code and tells the page', async () => {
    const seen = fakeNetwork(ok(BINDINGS), ok({ id: 1 }));
    const onDone = vi.fn();
    renderWithClient(<PhoneCodeForm mode="bind" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(screen.getByText('请输入 6 位数字验证码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('手机号已绑定，请用新手机号登录'));
    expect(seen[0]).toEqual({
      path: '/account/phone/bind',
      body: { phone: '13912345678', code: '654321' },
    });
  });

  it('sends the unbind code to the bound phone without asking for a number', async () => {
    const seen = fakeNetwork(ok({ resendAfterSeconds: 60 }));
    renderWithClient(<PhoneCodeForm mode="unbind" onDone={() => undefined} />);
    expect(screen.queryByLabelText('新手机号')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60 秒后重发' });
    expect(seen).toEqual([{ path: '/account/phone/code', body: { purpose: 'unbind' } }]);
  });
});
