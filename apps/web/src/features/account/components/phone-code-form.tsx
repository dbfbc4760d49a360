import { Button } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { TextField } from '@/ui/text-field.tsx';
import { usePhoneChange, useSendCode } from '../api/account-settings.ts';
import { codeProblem, phoneProblem } from './account-checks.ts';
import { FormMessage } from './account-messages.tsx';

/** Seconds left before another code may be asked for, counting down once a second. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * A phone and its 6-digit code: `bind` proves a new phone (bind or change), `unbind` proves the
 * bound one. The code is sent on 获取验证码 and works for 5 minutes, 5 tries.
 */
export function PhoneCodeForm({
  mode,
  onDone,
}: {
  mode: 'bind' | 'unbind';
  onDone: (message: string) => void;
}) {
  const send = useSendCode();
  const change = usePhoneChange();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<{ phone?: string | null; code?: string | null }>({});
  const [left, setLeft] = useCountdown();

  const handleSend = () => {
    const wrong = mode === 'bind' ? phoneProblem(phone) : null;
    setProblems({ phone: wrong });
    if (wrong) return;
    send.mutate(
      mode === 'bind' ? { purpose: 'bind', phone: phone.trim() } : { purpose: 'unbind' },
      { onSuccess: (answer) => setLeft(answer.resendAfterSeconds) },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      phone: mode === 'bind' ? phoneProblem(phone) : null,
      code: codeProblem(code),
    };
    setProblems(found);
    if (found.phone || found.code) return;
    change.mutate(
      { ...(mode === 'bind' ? { phone: phone.trim() } : {}), code: code.trim() },
      {
        onSuccess: () =>
          onDone(mode === 'bind' ? '手机号已绑定，请用新手机号登录' : '手机号已解绑'),
      },
    );
  };

  return (
    <form className="account-form" onSubmit={handleSubmit} noValidate>
      {mode === 'bind' ? (
        <TextField
          label="新手机号"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          value={phone}
          error={problems.phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      ) : (
        <p className="account-muted">验证码将发送到当前绑定的手机号。</p>
      )}
      <TextField
        label="验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={problems.code}
        onChange={(event) => setCode(event.target.value)}
        after={
          <Button
            className="account-code-button"
            disabled={left > 0}
            loading={send.isPending}
            onClick={handleSend}
          >
            {left > 0 ? `${left} 秒后重发` : '获取验证码'}
          </Button>
        }
      />
      <FormMessage
        error={change.error ?? send.error}
        done={send.isSuccess && !change.error ? '验证码已发送，5 分钟内有效' : null}
      />
      <Button
        block
        color={mode === 'bind' ? 'primary' : 'danger'}
        type="submit"
        loading={change.isPending}
      >
        {mode === 'bind' ? '确认绑定' : '确认解绑'}
      </Button>
    </form>
  );
}
