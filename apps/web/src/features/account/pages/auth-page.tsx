import { Button, ErrorBlock, SpinLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/platform/request.ts';
import { exchangeTicket, goToLogin, takeLoginCallBack } from '@/platform/session.ts';

/** `/authPage`: the login callback. Exchanges the ticket, then goes back where the learner was. */
export function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const ticket = params.get('ticket');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The ticket is single-use: take it out of the address bar and history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!ticket) {
      setError('登录信息缺失，请重新登录');
      return;
    }
    exchangeTicket(ticket)
      .then(() => navigate(takeLoginCallBack(), { replace: true }))
      .catch((reason: unknown) => {
        setError(reason instanceof ApiError ? reason.message : '网络异常，请稍后重试');
      });
  }, [ticket, navigate]);

  if (error) {
    return (
      <main className="page-center">
        <ErrorBlock status="default" title="登录没有完成" description={error} />
        <Button color="primary" size="large" onClick={() => goToLogin(takeLoginCallBack())}>
          重新登录
        </Button>
      </main>
    );
  }
  return (
    <main className="page-center" aria-busy="true">
      <SpinLoading color="primary" />
      <p>正在登录…</p>
    </main>
  );
}
