import { NavLink } from 'react-router';
import { paths } from '@/platform/paths.ts';
import '@/ui/tabs.css';

const LINKS = [
  { to: paths.news, label: '资讯' },
  { to: paths.newsInfo, label: '通知' },
  { to: paths.notice, label: '公告' },
];

/** The row at the top of 资讯, 通知 and 公告 (links that look like tabs): each reaches the others. */
export function NewsLinks() {
  return (
    <nav className="tabs under-header" aria-label="资讯栏目">
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} replace className="tab">
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
