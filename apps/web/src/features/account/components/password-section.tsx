import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { Panel } from '@/ui/panel.tsx';
import { TextField } from '@/ui/text-field.tsx';
import { useChangePassword } from '../api/account-settings.ts';
import { newPasswordProblem } from './account-checks.ts';
import { FormMessage } from './account-messages.tsx';

const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };
type Key = keyof typeof EMPTY;

/** The form's fields, in order. */
const FIELDS: ReadonlyArray<{
  key: Key;
  label: string;
  autoComplete: string;
  placeholder?: string;
}> = [
  { key: 'oldPassword', label: '原密码', autoComplete: 'current-password' },
  {
    key: 'newPassword',
    label: '新密码',
    autoComplete: 'new-password',
    placeholder: '至少 8 位，含字母和数字',
  },
  { key: 'confirm', label: '确认新密码', autoComplete: 'new-password' },
];

/** What is wrong with the filled form, per field. */
function problemsOf(form: typeof EMPTY): Partial<Record<Key, string>> {
  const problems: Partial<Record<Key, string>> = {};
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
    <Panel title="修改密码" stack>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type="password"
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            value={form[field.key]}
            error={problems[field.key]}
            onChange={(event) =>
              setForm((current) => ({ ...current, [field.key]: event.target.value }))
            }
          />
        ))}
        <FormMessage
          error={change.error}
          done={change.isSuccess ? '密码已修改，其他设备已退出登录' : null}
        />
        <Button block color="primary" type="submit" loading={change.isPending}>
          修改密码
        </Button>
      </form>
    </Panel>
  );
}
