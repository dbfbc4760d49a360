import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, useSyncExternalStore } from 'react';
import { goToLogin, isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { Badge } from '@/ui/badge.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { bindingsQueryOptions } from '../api/account-settings.ts';
import { FormMessage, Reading } from '../components/account-messages.tsx';
import { IdentitySection } from '../components/identity-section.tsx';
import { PhoneCodeForm } from '../components/phone-code-form.tsx';
import '../account.css';

type Editing = 'bind' | 'unbind' | null;

function PhoneSection() {
  const bindings = useQuery(bindingsQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [done, setDone] = useState<string | null>(null);
  if (bindings.isPending || bindings.isError) return <Reading query={bindings} what="绑定信息" />;
  const { phone, canUnbind, external } = bindings.data;
  const open = (next: Editing) => {
    setDone(null);
    setEditing(next);
  };
  return (
    <>
      <Panel title="手机号" stack>
        <p className="badge-row account-binding">
          <span>{phone ?? '未绑定'}</span>
          {phone ? <Badge>登录账号</Badge> : null}
        </p>
        <p className="account-muted">手机号就是您的登录账号：更换后，请用新手机号和原密码登录。</p>
        <FormMessage error={null} done={done} />
        {editing ? (
          <>
            <PhoneCodeForm
              key={editing}
              mode={editing}
              onDone={(message) => {
                setEditing(null);
                setDone(message);
              }}
            />
            <button type="button" className="text-button" onClick={() => setEditing(null)}>
              取消
            </button>
          </>
        ) : (
          <div className="account-actions">
            <Button block color="primary" onClick={() => open('bind')}>
              {phone ? '更换手机号' : '绑定手机号'}
            </Button>
            {canUnbind ? (
              <Button block color="danger" fill="outline" onClick={() => open('unbind')}>
                解绑手机号
              </Button>
            ) : null}
          </div>
        )}
        {phone && !canUnbind ? (
          <p className="account-muted">
            手机号是当前账号唯一的登录方式，不能解绑
            {external.configured ? `；绑定${external.name}后可以解绑` : ''}。
          </p>
        ) : null}
      </Panel>
      <IdentitySection external={external} />
    </>
  );
}

/** `/bindSetting`: the identities bound to the account; a visitor is asked to log in first. */
export function BindSettingPage() {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  return (
    <>
      <PageHeader />
      <main className="page-body account-page">
        {loggedIn ? (
          <PhoneSection />
        ) : (
          <StateView kind="empty" title="登录后才能管理绑定的账号">
            <button type="button" className="link-button primary" onClick={() => goToLogin()}>
              去登录
            </button>
          </StateView>
        )}
      </main>
    </>
  );
}
