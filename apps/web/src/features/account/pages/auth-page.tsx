import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/platform/request.ts';
import { acceptToken, exchangeTicket, goToLogin, takeLoginCallBack } from '@/platform/session.ts';
import { basePath } from '@/platform/site-config.ts';
import { StateView } from '@/ui/state-view.tsx';

/**
 * `/authPage`: the login callback. Exchanges the account center's `ticket` (or verifies a `token`
 * an identity provider handed back directly), then goes back where the learner was.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const ticket = params.get('ticket');
  const token = params.get('token');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Ticket and token are secrets: take them out of the address bar and history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!ticket && !token) {
      setError('登录信息缺失，请重新登录');
      return;
    }
    const login = ticket ? exchangeTicket(ticket) : acceptToken(token ?? '');
    login
      .then(() => {
        const target = takeLoginCallBack();
        // An address of this variant stays in the app; another variant's loads its own app.
        if (target.startsWith(`${basePath}/`))
          navigate(target.slice(basePath.length), { replace: true });
        else window.location.replace(target);
      })
      .catch((reason: unknown) => {
        setError(
          reason instanceof ApiError
            ? reason.code === 301
              ? '登录凭证无效或已过期，请重新登录'
              : reason.message
            : '网络异常，请稍后重试',
        );
      });
  }, [ticket, token, navigate]);

  if (error) {
    return (
      <main className="page-center">
        <StateView kind="error" title="登录没有完成" description={error}>
          <Button color="primary" size="large" onClick={() => goToLogin(takeLoginCallBack())}>
            重新登录
          </Button>
        </StateView>
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
