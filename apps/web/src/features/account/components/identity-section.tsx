import type { Bindings } from '@portal/contract';
import { withCallback } from '@portal/contract/constants';
import { Button, Dialog } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { Badge } from '@/ui/badge.tsx';
import { Panel } from '@/ui/panel.tsx';
import { useIdentityChange } from '../api/account-settings.ts';
import { FormMessage } from './account-messages.tsx';

type External = Bindings['external'];

/**
 * The identity provider's login for binding: it sends the browser back to this page with
 * `?ticket=` (one-time, not a bearer token), which the page redeems and then drops.
 */
export function bindAddress(external: External, origin = window.location.origin): string | null {
  if (!external.loginUrl) return null;
  const back = `${origin}${window.location.pathname}`;
  return withCallback(external.loginUrl, back);
}

/** Redeems `?ticket=` once on the way back from the provider, then takes it off the address. */
function useTicketOnReturn(change: ReturnType<typeof useIdentityChange>, name: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    const ticket = new URLSearchParams(location.search).get('ticket');
    if (!ticket || handled.current) return;
    handled.current = true;
    navigate({ pathname: location.pathname, search: '' }, { replace: true });
    change.mutate(ticket, { onSuccess: () => setDone(`已绑定${name}`) });
  }, [change, location.pathname, location.search, name, navigate]);
  return [done, setDone] as const;
}

/** The external identity provider (统一身份认证) on `/bindSetting`: bind, change and unbind. */
export function IdentitySection({ external }: { external: External }) {
  const change = useIdentityChange();
  const [done, setDone] = useTicketOnReturn(change, external.name);
  const address = bindAddress(external);

  if (!external.configured) {
    return (
      <Panel title={external.name} stack>
        <p className="account-binding">
          <span>未接入</span>
        </p>
        <p className="account-muted">本站未接入外部统一身份认证，请使用手机号和密码登录。</p>
      </Panel>
    );
  }

  const unbind = async () => {
    const sure = await Dialog.confirm({
      title: `解绑${external.name}？`,
      content: `解绑后不能再用${external.name}登录本站，手机号和密码仍可登录。`,
      confirmText: '解绑',
      cancelText: '取消',
    });
    if (sure) change.mutate(null, { onSuccess: () => setDone(`已解绑${external.name}`) });
  };

  return (
    <Panel title={external.name} stack>
      <p className="badge-row account-binding">
        <span>{external.bound ? (external.displayName ?? '已绑定') : '未绑定'}</span>
        {external.bound ? <Badge>已绑定</Badge> : null}
      </p>
      <p className="account-muted">
        {external.bound && external.boundAt
          ? `${formatDate(external.boundAt)} 绑定，可以在登录页选择“使用${external.name}登录”。`
          : `绑定后，可以用${external.name}账号直接登录本站。`}
      </p>
      <FormMessage error={change.error} done={done} />
      <div className="account-actions">
        {address ? (
          <Button
            block
            color="primary"
            fill={external.bound ? 'outline' : 'solid'}
            loading={change.isPending}
            onClick={() => window.location.assign(address)}
          >
            {external.bound ? `更换${external.name}账号` : `绑定${external.name}`}
          </Button>
        ) : null}
        {external.canUnbind ? (
          <Button block color="danger" fill="outline" onClick={() => void unbind()}>
            解绑{external.name}
          </Button>
        ) : null}
      </div>
      {external.bound && !external.canUnbind ? (
        <p className="account-muted">
          {external.name}是当前账号唯一的登录方式，不能解绑；绑定手机号后可以解绑。
        </p>
      ) : null}
    </Panel>
  );
}
