import type { SignupField } from '@portal/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/platform/request.ts';
import { clearAntd, useAntdRender } from '@/testing/antd.ts';
import { SignupForm } from './signup-form.tsx';

beforeAll(() => useAntdRender());

afterEach(async () => {
  cleanup();
  await clearAntd();
});

const fields: SignupField[] = [
  { key: 'name', label: '姓名', kind: 'text', required: true },
  { key: 'phone', label: '手机', kind: 'phone', required: true },
];

function renderForm(props: Partial<Parameters<typeof SignupForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <SignupForm fields={fields} pending={false} error={null} onSubmit={onSubmit} {...props}>
      <p>报名：书法班</p>
    </SignupForm>,
  );
  return onSubmit;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交报名' }));

describe('the signup form', () => {
  it('shows what it is for above the fields', () => {
    renderForm();
    expect(screen.getByText('报名：书法班')).toBeTruthy();
  });

  it('names each wrong field under it and sends nothing', () => {
    const onSubmit = renderForm();
    fill('手机', '123');
    submit();
    expect(screen.getByText('请填写姓名')).toBeTruthy();
    expect(screen.getByText(/手机格式不正确/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the clean answers once they are right', () => {
    const onSubmit = renderForm();
    fill('姓名', ' 王小明 ');
    fill('手机', '138-0013-8000');
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: '王小明', phone: '13800138000' });
  });

  it('waits for the extra part (files) to be right too', () => {
    const checkExtra = vi.fn(() => false);
    const onSubmit = renderForm({ checkExtra });
    fill('姓名', '王小明');
    fill('手机', '13800138000');
    submit();
    expect(checkExtra).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's message of the last try", () => {
    renderForm({ error: new ApiError(409, '名额已满', null) });
    expect(screen.getByRole('alert').textContent).toBe('名额已满');
  });
});
