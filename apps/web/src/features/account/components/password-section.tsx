import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useChangePassword } from '../api/account-settings.ts';
import { newPasswordProblem } from './account-checks.ts';
import { AccountField, AccountSection, FormMessage } from './account-field.tsx';

const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };

/** What is wrong with the filled form, per field. */
function problemsOf(form: typeof EMPTY): Partial<Record<keyof typeof EMPTY, string>> {
  const problems: Partial<Record<keyof typeof EMPTY, string>> = {};
  if (!form.oldPassword) problems.oldPassword = '请输入原密码';
  const weak = newPasswordProblem(form.newPassword);
  if (weak) problems.newPassword = weak;
  if (form.confirm !== form.newPassword) problems.confirm = '两次输入的新密码不一致';
  return problems;
}

/** 修改密码: the old password, the new one twice; other devices are signed out. */
export function PasswordSection() {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<ReturnType<typeof problemsOf>>({});
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { oldPassword: form.oldPassword, newPassword: form.newPassword },
      { onSuccess: () => setForm(EMPTY) },
    );
  };

  return (
    <AccountSection title="修改密码">
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <AccountField
          label="原密码"
          type="password"
          autoComplete="current-password"
          value={form.oldPassword}
          error={problems.oldPassword}
          onChange={set('oldPassword')}
        />
        <AccountField
          label="新密码"
          type="password"
          autoComplete="new-password"
          placeholder="至少 8 位，含字母和数字"
          value={form.newPassword}
          error={problems.newPassword}
          onChange={set('newPassword')}
        />
        <AccountField
          label="确认新密码"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          error={problems.confirm}
          onChange={set('confirm')}
        />
        <FormMessage
          error={change.error}
          done={change.isSuccess ? '密码已修改，其他设备已退出登录' : null}
        />
        <Button block color="primary" type="submit" loading={change.isPending}>
          修改密码
        </Button>
      </form>
    </AccountSection>
  );
}
