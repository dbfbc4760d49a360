import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, exchangeTicket, RETURN_KEY, signIn } from '@/api/client.ts';

/** Where the account center sends the operator back: the ticket becomes the console's login. */
export function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = params.get('ticket');
    if (!ticket) {
      setError('登录没有完成，请重新登录');
      return;
    }
    exchangeTicket(ticket)
      .then(() => {
        const back = sessionStorage.getItem(RETURN_KEY) ?? '/admin/articles';
        sessionStorage.removeItem(RETURN_KEY);
        // Only a page of the console, never another address.
        const path = back.startsWith('/admin/') ? back.slice('/admin'.length) : '/articles';
        navigate(path === '/authPage' ? '/articles' : path, { replace: true });
      })
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : '登录失败，请重新登录'),
      );
  }, [params, navigate]);

  if (error) {
    return (
      <Result
        status="warning"
        title="登录失败"
        subTitle={error}
        extra={
          <Button type="primary" onClick={() => signIn('/admin/articles')}>
            重新登录
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 160 }}>
      <Spin size="large" description="正在登录…" />
    </div>
  );
}
