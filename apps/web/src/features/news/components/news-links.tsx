import { NavLink } from 'react-router';
import { paths } from '@/platform/paths.ts';

/** The row at the top of 资讯, 通知 and 公告: each reaches the others. */
export function NewsLinks() {
  return (
    <nav className="news-links" aria-label="资讯栏目">
      {[
        { to: paths.news, label: '资讯' },
        { to: paths.newsInfo, label: '通知' },
        { to: paths.notice, label: '公告' },
      ].map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          replace
          className={({ isActive }) => (isActive ? 'news-link active' : 'news-link')}
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
