import type { UserInfo } from '@portal/contract';
import { AVATAR_MAX_BYTES } from '@portal/contract/constants';
import { Button } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useImageUpload } from '@/ui/file-picker.tsx';
import { Panel } from '@/ui/panel.tsx';
import { TextField } from '@/ui/text-field.tsx';
import { useAvatarUpload, useRename } from '../api/account-settings.ts';
import { nicknameProblem } from './account-checks.ts';
import { FormMessage } from './account-messages.tsx';

/** The avatar and 更换头像: the picture is checked and cut to a square by the server. */
function AvatarPicker({ user }: { user: UserInfo }) {
  const upload = useAvatarUpload();
  const pick = useImageUpload(AVATAR_MAX_BYTES, (file) => upload.mutate(file));

  return (
    <div className="account-avatar-row">
      <span className="account-avatar" aria-hidden="true">
        {user.avatar ? <img src={user.avatar} alt="" /> : <UserOutline />}
      </span>
      <div className="account-avatar-actions">
        <label
          className={
            upload.isPending
              ? 'file-pick account-avatar-pick busy'
              : 'file-pick account-avatar-pick'
          }
        >
          {upload.isPending ? '正在上传…' : '更换头像'}
          <input {...pick.input} disabled={upload.isPending} />
        </label>
        <small>JPG、PNG 或 WebP，不超过 5 MB</small>
        {pick.problem ? (
          <p className="signup-error" role="alert">
            {pick.problem}
          </p>
        ) : (
          <FormMessage error={upload.error} done={upload.isSuccess ? '头像已更新' : null} />
        )}
      </div>
    </div>
  );
}

function NicknameForm({ user }: { user: UserInfo }) {
  const rename = useRename();
  const [nickname, setNickname] = useState(user.nickname);
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = nicknameProblem(nickname);
    setProblem(found);
    if (!found) rename.mutate(nickname.trim());
  };

  return (
    <form className="account-form" onSubmit={handleSubmit} noValidate>
      <TextField
        label="昵称"
        value={nickname}
        maxLength={40}
        autoComplete="nickname"
        error={problem}
        onChange={(event) => setNickname(event.target.value)}
      />
      <FormMessage error={rename.error} done={rename.isSuccess ? '昵称已保存' : null} />
      <Button block color="primary" type="submit" loading={rename.isPending}>
        保存昵称
      </Button>
    </form>
  );
}

/** 个人资料: avatar and nickname. */
export function ProfileSection({ user }: { user: UserInfo }) {
  return (
    <Panel title="个人资料" stack>
      <AvatarPicker user={user} />
      <NicknameForm user={user} />
    </Panel>
  );
}
