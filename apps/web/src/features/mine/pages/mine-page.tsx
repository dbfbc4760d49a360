import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { RightOutline, UserOutline } from 'antd-mobile-icons';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
import { isElderMode, setElderMode, subscribeElderMode } from '@/platform/elder-mode.ts';
import { type PathName, paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { useMedals } from '@/platform/queries/medals.ts';
import { usePointsBalance } from '@/platform/queries/points-summary.ts';
import { useUnreadMessages } from '@/platform/queries/unread-messages.ts';
import { logout, storedUser } from '@/platform/session.ts';
import { CountBadge } from '@/ui/count-badge.tsx';
import '@/ui/list-row.css';
import { useWaitingCount } from '@/platform/outbox/outbox-count.ts';
import { endRemindersHere } from '@/platform/push-offer.ts';
import { Panel } from '@/ui/panel.tsx';
import { StudyFigures } from '../components/study-figures.tsx';
import '../mine.css';

interface MineLink {
  name: PathName;
  label: string;
}

const studyLinks: readonly MineLink[] = [
  { name: 'learning', label: '正在学习' },
  { name: 'myClasses', label: '我的班级' },
  { name: 'myActivities', label: '我的活动' },
  { name: 'myTeam', label: '学习团队' },
  { name: 'favourites', label: '我的收藏' },
  { name: 'history', label: '学习足迹' },
];

const rewardLinks: readonly MineLink[] = [
  { name: 'pointsRecord', label: '积分记录' },
  { name: 'medals', label: '我的勋章' },
  { name: 'statistics', label: '学习统计' },
  { name: 'achievement', label: '学习成就' },
  { name: 'ranking', label: '排行榜' },
];

/** A titled group of rows. */
function MineSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title}>
      <ul className="list-rows">{children}</ul>
    </Panel>
  );
}

/** A row that opens one of the learner's pages, with a figure (`aside`) before its arrow. */
function MineRow({ to, label, aside }: { to: string; label: ReactNode; aside?: ReactNode }) {
  return (
    <li>
      <Link className="list-row mine-link" to={to}>
        <span className="list-row-body">{label}</span>
        {aside ? <span className="list-row-aside">{aside}</span> : null}
        <RightOutline aria-hidden="true" />
      </Link>
    </li>
  );
}

/** How many medals the learner earned, at the end of 我的勋章. */
function MedalCount() {
  const medals = useMedals();
  if (!medals.data) return null;
  return <>已获得 {medals.data.earnedCount} 枚</>;
}

/** The figure a row shows before its arrow, by the page it opens. */
const rowFigures: Partial<Record<PathName, () => ReactNode>> = { medals: MedalCount };

function MineLinkRow({ name, label }: MineLink) {
  const Figure = rowFigures[name];
  return <MineRow to={paths[name]} label={label} aside={Figure ? <Figure /> : null} />;
}

/** 我的消息, with how many are unread. */
function MessagesRow() {
  const unread = useUnreadMessages();
  return (
    <MineRow
      to={paths.messageDetail}
      label={
        <span>
          我的消息
          {unread > 0 ? <span className="sr-only">，{unread} 条未读</span> : null}
        </span>
      }
      aside={unread > 0 ? <CountBadge count={unread} /> : null}
    />
  );
}

/** 我的积分: the balance, opening today's tasks (积分任务). */
function PointsRow() {
  const balance = usePointsBalance();
  return (
    <MineRow
      to={paths.pointsTasks}
      label="我的积分"
      aside={
        balance === undefined ? null : (
          <strong className="mine-points-figure text-accent">{balance} 分</strong>
        )
      }
    />
  );
}

function LinkList({
  title,
  links,
  first,
}: {
  title: string;
  links: readonly MineLink[];
  /** A row before the links. */
  first?: ReactNode;
}) {
  return (
    <MineSection title={title}>
      {first}
      {links.map((link) => (
        <MineLinkRow key={link.name} {...link} />
      ))}
    </MineSection>
  );
}

/**
 * `/index/userInfo`: the learner's own area: profile, the way into every "my" page, elder mode
 * (remembered on this device) and logout.
 */
export function MinePage() {
  const profile = useQuery(profileQueryOptions());
  const user = profile.data ?? storedUser();
  const elder = useSyncExternalStore(subscribeElderMode, isElderMode);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const waiting = useWaitingCount();
  const [leaving, setLeaving] = useState(false);

  // A second tap confirms: no pop-up (elder-friendly rules), and a stray tap changes nothing.
  const handleLogout = async () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setLeaving(true);
    // This device's reminders end with the login (issue 32).
    await endRemindersHere();
    await logout().catch(() => undefined);
    await navigate(paths.home, { replace: true });
  };

  return (
    <main className="mine">
      <header className="mine-header">
        <span className="mine-avatar" aria-hidden="true">
          {user?.avatar ? <img src={user.avatar} alt="" /> : <UserOutline />}
        </span>
        <div>
          <h1 className="mine-name">{user?.nickname ?? '学员'}</h1>
          <p className="mine-phone">{user?.phone ?? ''}</p>
        </div>
      </header>
      <StudyFigures />
      <MineSection title="消息">
        <MessagesRow />
      </MineSection>
      <LinkList title="我的学习" links={studyLinks} />
      <LinkList title="积分与成就" links={rewardLinks} first={<PointsRow />} />
      <MineSection title="设置">
        <li>
          <button
            type="button"
            role="switch"
            aria-checked={elder}
            className="list-row mine-link mine-switch switch-row"
            onClick={() => setElderMode(!elder)}
          >
            <span className="list-row-body">
              长辈模式
              <small className="list-row-meta">字号更大、按钮更大，看得清、点得准</small>
            </span>
            <span className={elder ? 'switch-visual on' : 'switch-visual'} aria-hidden="true" />
          </button>
        </li>
        <MineLinkRow name="accountSettings" label="账号设置" />
      </MineSection>
      <div className="mine-logout">
        <Button
          block
          size="large"
          color={confirming ? 'danger' : 'default'}
          loading={leaving}
          onClick={handleLogout}
        >
          {confirming ? '确认退出登录' : '退出登录'}
        </Button>
        {confirming && waiting > 0 ? (
          <p className="mine-logout-note">
            还有 {waiting}{' '}
            条离线时的学习记录没有上传，会留在这台手机上，下次用这个账号登录后自动上传。
          </p>
        ) : null}
        {confirming ? (
          <button type="button" className="text-button" onClick={() => setConfirming(false)}>
            不退出了
          </button>
        ) : null}
      </div>
    </main>
  );
}
