import type { CreateTeamBody, TeamJoinMode } from '@portal/contract';
import {
  AVATAR_MAX_BYTES,
  TEAM_CAPACITY_MAX,
  TEAM_CAPACITY_MIN,
  TEAM_INTRO_MAX,
  TEAM_JOIN_MODES,
  TEAM_NAME_MAX,
} from '@portal/contract/constants';
import { Button } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import '@/ui/signup-fields.css';
import { ActionRow } from '@/ui/actions.tsx';
import { useImageUpload } from '@/ui/file-picker.tsx';
import { useTeamAvatarUpload } from '../api/team-actions.ts';
import { Avatar } from './avatar.tsx';
import { FormError } from './form-error.tsx';
import { JOIN_MODE_LABELS } from './team-card.tsx';

/** What the form sends. */
export type TeamFormBody = Omit<CreateTeamBody, 'avatar'> & { avatar?: string | null };

/** What the form holds; the initial values come from the team being edited, once. */
export interface TeamFormValues {
  name: string;
  avatar: string | null;
  intro: string;
  joinMode: TeamJoinMode;
  capacity: number;
}

export const NEW_TEAM: TeamFormValues = {
  name: '',
  avatar: null,
  intro: '',
  joinMode: 'open',
  capacity: 30,
};

/** The first problem of the values, in the words the server uses; null when they are fine. */
export function teamFormProblems(values: { name: string; capacity: string }) {
  const problems: { name?: string; capacity?: string } = {};
  const name = values.name.trim();
  if (name.length < 2) problems.name = '团队名称至少 2 个字';
  else if (name.length > TEAM_NAME_MAX) problems.name = `团队名称不能超过 ${TEAM_NAME_MAX} 个字`;
  const capacity = Number(values.capacity);
  if (!Number.isInteger(capacity) || values.capacity.trim() === '') {
    problems.capacity = '成员上限请填写整数';
  } else if (capacity < TEAM_CAPACITY_MIN || capacity > TEAM_CAPACITY_MAX) {
    problems.capacity = `成员上限应在 ${TEAM_CAPACITY_MIN} 到 ${TEAM_CAPACITY_MAX} 人之间`;
  }
  return problems;
}

/**
 * The team form of 创建团队 and 团队设置: name, avatar, introduction, join mode and member
 * limit. Its state is its own from the first render: a data load never resets what is typed.
 */
export function TeamForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: TeamFormValues;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** The values; `avatar` only when a new picture was uploaded (a seeded one is kept as is). */
  onSubmit: (body: TeamFormBody) => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [avatar, setAvatar] = useState(initial.avatar);
  const [intro, setIntro] = useState(initial.intro);
  const [joinMode, setJoinMode] = useState<TeamJoinMode>(initial.joinMode);
  const [capacity, setCapacity] = useState(String(initial.capacity));
  const [problems, setProblems] = useState<{ name?: string; capacity?: string }>({});
  const upload = useTeamAvatarUpload();
  const pick = useImageUpload(AVATAR_MAX_BYTES, (file) =>
    upload.mutate(file, { onSuccess: (kept) => setAvatar(kept.url) }),
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = teamFormProblems({ name, capacity });
    setProblems(found);
    if (found.name || found.capacity) return;
    onSubmit({
      name: name.trim(),
      // Only a newly uploaded picture: a seeded avatar is not one the server takes back.
      ...(avatar !== initial.avatar ? { avatar } : {}),
      intro: intro.trim(),
      joinMode,
      capacity: Number(capacity),
    });
  };

  return (
    <form className="team-form" onSubmit={handleSubmit} noValidate>
      <div className="signup-field">
        <label htmlFor={`${id}-name`}>团队名称</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={TEAM_NAME_MAX + 10}
          placeholder="例如：静安书香读书会"
          aria-invalid={problems.name ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problems.name ? <p className="signup-error">{problems.name}</p> : null}
      </div>
      <fieldset className="signup-field">
        <legend>团队头像</legend>
        <ActionRow>
          <Avatar team name={name || '团'} src={avatar} size={64} />
          <label className="pill-button quiet team-pick">
            {upload.isPending ? '正在上传…' : avatar ? '更换头像' : '上传头像'}
            <input {...pick.input} disabled={upload.isPending} />
          </label>
        </ActionRow>
        <small className="signup-hint">JPG、PNG 或 WebP，不超过 5 MB；不上传则用名称首字</small>
        {pick.problem ? (
          <p className="signup-error">{pick.problem}</p>
        ) : (
          <FormError error={upload.error} />
        )}
      </fieldset>
      <div className="signup-field">
        <label htmlFor={`${id}-intro`}>团队简介</label>
        <textarea
          id={`${id}-intro`}
          value={intro}
          rows={3}
          maxLength={TEAM_INTRO_MAX}
          placeholder="介绍一下团队一起学什么"
          onChange={(event) => setIntro(event.target.value)}
        />
        <small className="signup-hint">
          {intro.length}/{TEAM_INTRO_MAX}
        </small>
      </div>
      <fieldset className="signup-field">
        <legend>加入方式</legend>
        <div className="signup-choices">
          {TEAM_JOIN_MODES.map((mode) => (
            <label key={mode} className={joinMode === mode ? 'signup-choice on' : 'signup-choice'}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={joinMode === mode}
                onChange={() => setJoinMode(mode)}
              />
              {JOIN_MODE_LABELS[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="signup-field">
        <label htmlFor={`${id}-capacity`}>成员上限（人）</label>
        <input
          id={`${id}-capacity`}
          inputMode="numeric"
          value={capacity}
          aria-invalid={problems.capacity ? true : undefined}
          onChange={(event) => setCapacity(event.target.value.replace(/\D/g, ''))}
        />
        {problems.capacity ? <p className="signup-error">{problems.capacity}</p> : null}
      </div>
      <FormError error={error} />
      <Button block color="primary" size="large" type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
