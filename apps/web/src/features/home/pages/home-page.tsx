import type { Home } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { type PathName, paths } from '@/platform/paths.ts';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { isLoggedIn, storedUser, subscribeLogin } from '@/platform/session.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { siteConfig } from '@/platform/site-config.ts';
import { ListRow, ListRows } from '@/ui/list-row.tsx';
import { Panel } from '@/ui/panel.tsx';
import { LoadFailed } from '@/ui/state-view.tsx';
import { useHome } from '../api/get-home.ts';
import { BannerSwiper } from '../components/banner-swiper.tsx';
import {
  AccountLinks,
  ActivityTile,
  ClassTile,
  CourseTile,
  EbookTile,
} from '../components/home-cards.tsx';
import { LearnerPanel } from '../components/learner-panel.tsx';
import { NewsSection } from '../components/news-section.tsx';
import { NoticeBar } from '../components/notice-bar.tsx';
import { ENTRIES, shownEntries } from '../home-entries.ts';
import '../home.css';

/** The visitor's welcome, the learner's greeting, or on the entry home their own panel. */
function AccountCard({ entry }: { entry: boolean }) {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const stored = useSyncExternalStore(subscribeLogin, storedUser);
  const profile = useQuery({ ...profileQueryOptions(), enabled: loggedIn });
  const user = loggedIn ? (profile.data ?? stored) : null;
  if (entry && loggedIn) return <LearnerPanel user={user} />;
  if (!user) {
    return (
      <Panel raised className="home-card home-visitor" label="我的账号">
        <div>
          <p className="greeting">欢迎来到{siteConfig.siteName}</p>
          <p className="home-card-note">登录后可报名班级、记录学习</p>
        </div>
        <Link className="link-button primary" to={paths.login}>
          登录 / 注册
        </Link>
      </Panel>
    );
  }
  return (
    <Panel raised className="home-card" label="我的账号">
      <p className="greeting">您好，{user.nickname}</p>
      <p className="home-card-note">今天也来学一点吧。</p>
      <AccountLinks studyFirst />
    </Panel>
  );
}

/** A block of the home page: its heading (with a 更多 link to `more`) and its list of tiles. */
function HomeSection({
  id,
  title,
  more,
  listClass,
  children,
  footer,
}: {
  id: string;
  title: string;
  more?: PathName;
  listClass: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Panel
      className="home-section"
      title={title}
      titleId={id}
      more={more ? paths[more] : undefined}
    >
      <ul className={listClass}>{children}</ul>
      {footer}
    </Panel>
  );
}

/** Grey blocks in the shape of the banner and the course grid, while the home data loads. */
function HomeSkeleton({ account }: { account: ReactNode }) {
  return (
    <>
      <div className="skeleton-block home-skeleton-banner" aria-hidden="true" />
      {account}
      <Entries />
      <div className="panel home-section" role="status" aria-busy="true" aria-label="加载中">
        <div className="skeleton-block skeleton-title" />
        <div className="home-skeleton-grid">
          {[0, 1, 2, 3].map((n) => (
            <div key={n} className="skeleton-block home-skeleton-card" />
          ))}
        </div>
      </div>
    </>
  );
}

/** The area blocks of the home answer; kinds this version does not know are skipped. */
function AreaSection({ section, n }: { section: Home['sections'][number]; n: number }) {
  const id = `home-area-${n}`;
  if (section.kind === 'courses') {
    return (
      <HomeSection id={id} title={section.title} more="courseList" listClass="tile-grid">
        {section.items.map((course) => (
          <CourseTile key={course.id} course={course} />
        ))}
      </HomeSection>
    );
  }
  if (section.kind === 'classes') {
    return (
      <HomeSection id={id} title={section.title} listClass="card-list">
        {section.items.map((klass) => (
          <ClassTile key={klass.id} klass={klass} />
        ))}
      </HomeSection>
    );
  }
  if (section.kind === 'activities') {
    return (
      <HomeSection id={id} title={section.title} more="activityList" listClass="card-list">
        {section.items.map((activity) => (
          <ActivityTile key={activity.id} activity={activity} />
        ))}
      </HomeSection>
    );
  }
  if (section.kind === 'ebooks') {
    return (
      <HomeSection id={id} title={section.title} more="ebookList" listClass="book-grid home-books">
        {section.items.map((ebook) => (
          <EbookTile key={ebook.id} ebook={ebook} />
        ))}
      </HomeSection>
    );
  }
  return null;
}

/** What `/api/home` feeds: banners, recommended courses, open classes and the area blocks. */
function HomeContent({ account }: { account: ReactNode }) {
  const home = useHome();
  if (home.isPending) return <HomeSkeleton account={account} />;
  if (home.isError) {
    return (
      <>
        {account}
        <Entries />
        <Panel className="home-section">
          <LoadFailed title="首页内容没有加载出来" onRetry={() => void home.refetch()} />
        </Panel>
      </>
    );
  }
  const { banners, recommended, openClasses, sections, news, notices } = home.data;
  return (
    <>
      {banners.length > 0 ? <BannerSwiper banners={banners} /> : null}
      <NoticeBar notices={notices ?? []} />
      {account}
      <Entries />
      {recommended.length > 0 ? (
        <HomeSection
          id="home-recommended"
          title="推荐课程"
          listClass="tile-grid"
          footer={
            <Link className="link-button block home-all" to={paths.courseList}>
              更多课程
            </Link>
          }
        >
          {recommended.map((course) => (
            <CourseTile key={course.id} course={course} />
          ))}
        </HomeSection>
      ) : null}
      {openClasses.length > 0 ? (
        <HomeSection id="home-open-classes" title="报名中的班级" listClass="card-list">
          {openClasses.map((klass) => (
            <ClassTile key={klass.id} klass={klass} />
          ))}
        </HomeSection>
      ) : null}
      {sections.map((section, n) => (
        <AreaSection key={`${section.kind}-${section.title}`} section={section} n={n} />
      ))}
      <NewsSection news={news ?? []} />
    </>
  );
}

/** Where an entry leads: 学习团队 opens the learner's own teams, a visitor's the team list. */
function useEntryPath(): (name: PathName) => string {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  return (name) => (name === 'teamList' && loggedIn ? paths.myTeam : paths[name]);
}

function Entries() {
  const pathOf = useEntryPath();
  return (
    <nav className="home-entries" aria-label="栏目">
      {shownEntries(siteConfig.homeEntries).map((entry) => (
        <Link key={entry.name} className="home-entry" to={pathOf(entry.name)}>
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
  );
}

/**
 * `/index/home` (kept alive) and `/index/gotoHome`: the site's front page. The entry home puts
 * the learner's own panel (continue learning, my classes, today) on top.
 */
export function HomePage() {
  const entry = useLocation().pathname === paths.gotoHome;
  const pathOf = useEntryPath();
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
      {/* The entry home opens on the learner's panel; the public home on the banners. */}
      {entry ? <AccountCard entry /> : null}
      <HomeContent account={entry ? null : <AccountCard entry={false} />} />
      {/* Every area, those the site's grid hides included: none is out of reach. */}
      <Panel className="home-section home-guide" title="栏目导览" titleId="home-guide">
        <ListRows>
          {ENTRIES.map((entry) => (
            <ListRow
              key={entry.name}
              to={pathOf(entry.name)}
              title={entry.label}
              aside={entry.note}
            />
          ))}
        </ListRows>
      </Panel>
    </main>
  );
}
