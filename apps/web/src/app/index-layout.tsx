import {
  AppOutline,
  CalendarOutline,
  EnvironmentOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { type PathName, paths } from '@/platform/paths.ts';
import { useUnreadMessages } from '@/platform/queries/unread-messages.ts';
import { CountBadge } from '@/ui/count-badge.tsx';

interface Tab {
  name: PathName;
  label: string;
  icon: ReactNode;
}

/** The bottom tab bar of the index shell: home, study, activity, map, mine. */
const tabs: readonly Tab[] = [
  { name: 'home', label: '首页', icon: <AppOutline /> },
  { name: 'study', label: '学习', icon: <VideoOutline /> },
  { name: 'activity', label: '活动', icon: <CalendarOutline /> },
  { name: 'map', label: '地图', icon: <EnvironmentOutline /> },
  { name: 'mine', label: '我的', icon: <UserOutline /> },
];

/**
 * The index shell (`/index/*`): the page above a fixed bottom tab bar. The tabs are real links,
 * so they open in a new tab, are crawlable and read as navigation by a screen reader.
 */
export function IndexLayout() {
  const { pathname } = useLocation();
  // One cached request for the 我的 tab's badge; none for a visitor.
  const unread = useUnreadMessages();
  return (
    <div className="index-shell">
      <div className="index-content">
        <Outlet />
      </div>
      <nav className="bottom-bar tab-bar" aria-label="主导航">
        {tabs.map((tab) => (
          <NavLink
            key={tab.name}
            to={paths[tab.name]}
            className={({ isActive }) =>
              isActive || (tab.name === 'home' && pathname === paths.gotoHome)
                ? 'tab-bar-item active'
                : 'tab-bar-item'
            }
          >
            <span className="tab-bar-icon" aria-hidden="true">
              {tab.icon}
              {tab.name === 'mine' && unread > 0 ? <CountBadge count={unread} /> : null}
            </span>
            <span className="tab-bar-label">
              {tab.label}
              {tab.name === 'mine' && unread > 0 ? (
                <span className="sr-only">，{unread} 条未读消息</span>
              ) : null}
            </span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
