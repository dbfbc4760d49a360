import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { storedUser } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { RetryButton, StateView } from '@/ui/state-view.tsx';
import { AccountSection } from '../components/account-field.tsx';
import { DeleteSection } from '../components/delete-section.tsx';
import { DevicesSection } from '../components/devices-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import '../account.css';

/** 账号与绑定: the way to /bindSetting, with the bound phone. */
function BindingLink({ phone }: { phone: string }) {
  return (
    <AccountSection title="账号与绑定">
      <Link className="account-link" to={paths.bindSetting}>
        <span>
          绑定账号
          <small>{phone ? `手机号 ${phone}` : '未绑定手机号'}</small>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
    </AccountSection>
  );
}

/**
 * `/accountSetting`: the learner's own account: avatar and nickname, the bound identities, the
 * password, the signed-in devices and deletion (注销账号).
 */
export function AccountSettingsPage() {
  const profile = useQuery(profileQueryOptions());
  const user = profile.data ?? storedUser();
  return (
    <>
      <PageHeader />
      <main className="page-body account-page">
        {user ? (
          <>
            <ProfileSection key={user.id} user={user} />
            <BindingLink phone={user.phone} />
            <PasswordSection />
            <DevicesSection />
            <DeleteSection />
          </>
        ) : profile.isError ? (
          <StateView kind="error" title="账号信息没有读取成功">
            <RetryButton onRetry={() => void profile.refetch()} />
          </StateView>
        ) : (
          <p className="account-muted">正在读取账号信息…</p>
        )}
      </main>
    </>
  );
}
