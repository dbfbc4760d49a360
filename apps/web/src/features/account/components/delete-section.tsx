import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { plainToast, withFeedbackKit } from '@/platform/feedback.ts';
import { paths } from '@/platform/paths.ts';
import { clearLogin } from '@/platform/session.ts';
import { Panel } from '@/ui/panel.tsx';
import { TextField } from '@/ui/text-field.tsx';
import { useDeleteAccount } from '../api/account-settings.ts';
import { FormMessage } from './account-messages.tsx';

const DONE = '账号已注销';

/**
 * 注销账号: what it means, then the password and a second tap to confirm (no pop-up, as with
 * logout). Once deleted, the login is forgotten on this device and the home page opens.
 */
export function DeleteSection() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem('请输入密码以确认注销');
      return;
    }
    setProblem(null);
    remove.mutate(password, {
      onSuccess: async () => {
        clearLogin();
        await navigate(paths.home, { replace: true });
        withFeedbackKit(
          (kit) => kit.Toast.show({ content: DONE, position: 'center', duration: 2000 }),
          () => plainToast(DONE),
        );
      },
    });
  };

  return (
    <Panel title="注销账号" stack className="account-danger">
      <p className="account-muted">
        注销后，昵称、头像、手机号、收藏、学习足迹等个人信息将被删除，所有设备退出登录，且无法恢复；
        学习时长只以匿名方式保留在统计中。
      </p>
      {open ? (
        <form className="account-form" onSubmit={handleSubmit} noValidate>
          <TextField
            label="输入登录密码确认注销"
            type="password"
            autoComplete="current-password"
            value={password}
            error={problem}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormMessage error={remove.error} />
          <Button block color="danger" type="submit" loading={remove.isPending}>
            确认注销账号
          </Button>
          <button type="button" className="text-button" onClick={() => setOpen(false)}>
            不注销了
          </button>
        </form>
      ) : (
        <Button block color="danger" fill="outline" onClick={() => setOpen(true)}>
          注销账号
        </Button>
      )}
    </Panel>
  );
}
