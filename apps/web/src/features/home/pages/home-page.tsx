import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { type PathName, paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { isLoggedIn, storedUser, subscribeLogin } from '@/platform/session.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { siteConfig } from '@/platform/site-config.ts';
import '../home.css';

interface Entry {
  name: PathName;
  label: string;
  /** The badge: one character on the area's colour (no icon font or SVG to download). */
  glyph: string;
  hue: number;
  note: string;
}

/** The entries to every content area of the portal. */
const entries: readonly Entry[] = [
  { name: 'courseList', label: '课程', glyph: '课', hue: 217, note: '名师课程，随时随地学' },
  { name: 'activityList', label: '活动', glyph: '活', hue: 12, note: '讲座、参访、志愿服务' },
  { name: 'ebookList', label: '电子书', glyph: '书', hue: 152, note: '好书在线读' },
  { name: 'liveList', label: '直播', glyph: '播', hue: 340, note: '正在直播与精彩回放' },
  { name: 'news', label: '资讯', glyph: '讯', hue: 200, note: '学习网新闻与通知' },
  { name: 'teamList', label: '学习团队', glyph: '团', hue: 265, note: '和邻居一起学' },
  { name: 'map', label: '学习地图', glyph: '图', hue: 170, note: '身边的学习点' },
  { name: 'pointsTasks', label: '积分', glyph: '积', hue: 30, note: '学习得积分' },
  { name: 'medals', label: '勋章', glyph: '勋', hue: 45, note: '点亮学习勋章' },
  { name: 'familyEducation', label: '家庭教育', glyph: '家', hue: 330, note: '2024 专题' },
  { name: 'experienceBases', label: '体验基地', glyph: '验', hue: 120, note: '走进体验基地' },
  { name: 'humanitiesWalks', label: '人文行走', glyph: '行', hue: 280, note: '行走中的课堂' },
  { name: 'channelList', label: '频道', glyph: '频', hue: 190, note: '按频道浏览' },
  { name: 'search', label: '搜索', glyph: '搜', hue: 230, note: '找课程、活动、书' },
];

function AccountCard() {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const stored = useSyncExternalStore(subscribeLogin, storedUser);
  const profile = useQuery({ ...profileQueryOptions(), enabled: loggedIn });
  const user = loggedIn ? (profile.data ?? stored) : null;
  if (!user) {
    return (
      <section className="home-card" aria-label="我的账号">
        <p className="greeting">欢迎来到{siteConfig.siteName}</p>
        <p className="muted">登录后可以报名课程、参加活动、记录学习。</p>
        <Link className="link-button primary block" to={paths.login}>
          登录 / 注册
        </Link>
      </section>
    );
  }
  return (
    <section className="home-card" aria-label="我的账号">
      <p className="greeting">您好，{user.nickname}</p>
      <p className="muted">今天也来学一点吧。</p>
      <div className="home-card-actions">
        <Link className="link-button primary" to={paths.study}>
          我的学习
        </Link>
        <Link className="link-button" to={paths.mine}>
          个人中心
        </Link>
      </div>
    </section>
  );
}

/** `/index/home`: the site's front page (kept alive). */
export function HomePage() {
  return (
    <main className="home">
      <header className="home-header">
        <div className="home-header-row">
          <h1>{siteConfig.siteName}</h1>
          <ShareButton title={siteConfig.siteName} />
        </div>
        <p>终身学习，乐在其中</p>
        <Link className="home-search" to={paths.search}>
          <span>搜索课程、活动、电子书</span>
        </Link>
      </header>
      <AccountCard />
      <nav className="home-entries" aria-label="栏目">
        {entries.map((entry) => (
          <Link key={entry.name} className="home-entry" to={paths[entry.name]}>
            <span
              className="home-entry-icon"
              aria-hidden="true"
              style={{ backgroundColor: `hsl(${entry.hue} 70% 30%)` }}
            >
              {entry.glyph}
            </span>
            <span className="home-entry-label">{entry.label}</span>
          </Link>
        ))}
      </nav>
      <section className="home-section" aria-labelledby="home-guide">
        <h2 id="home-guide">栏目导览</h2>
        <ul className="home-guide">
          {entries.map((entry) => (
            <li key={entry.name}>
              <Link className="home-guide-item" to={paths[entry.name]}>
                <span className="home-guide-label">{entry.label}</span>
                <span className="home-guide-note">{entry.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
