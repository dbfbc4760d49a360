import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { storedUser } from '@/platform/session.ts';
import { ListRow, ListRows } from '@/ui/list-row.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { Panel } from '@/ui/panel.tsx';
import { Reading } from '../components/account-messages.tsx';
import { DeleteSection } from '../components/delete-section.tsx';
import { DevicesSection } from '../components/devices-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import '../account.css';

/** 账号与绑定: the way to /bindSetting, with the bound phone. */
function BindingLink({ phone }: { phone: string }) {
  return (
    <Panel title="账号与绑定" stack>
      <ListRows>
        <ListRow
          to={paths.bindSetting}
          title="绑定账号"
          meta={phone ? `手机号 ${phone}` : '未绑定手机号'}
          aside={<RightOutline aria-hidden="true" />}
        />
      </ListRows>
    </Panel>
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
        ) : (
          <Reading query={profile} what="账号信息" />
        )}
      </main>
    </>
  );
}
