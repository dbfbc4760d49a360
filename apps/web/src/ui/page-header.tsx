import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { LineIcon } from './line-icon.tsx';
import { usePageTitle } from './page-title.ts';
import './page-header.css';

/** True when this tab has an earlier page of the portal to go back to. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : 0;
  return typeof index === 'number' && index > 0;
}

/**
 * The header of a top-level page: a back button (to the previous page, or home when the page was
 * opened directly), the title from the route table unless given, and an optional right slot.
 */
export function PageHeader({ title, right }: { title?: string; right?: ReactNode }) {
  const navigate = useNavigate();
  const routeTitle = usePageTitle();
  const handleBack = () => {
    if (canGoBack()) navigate(-1);
    else navigate(paths.home, { replace: true });
  };
  return (
    <header className="page-header">
      <button type="button" className="page-header-back" onClick={handleBack} aria-label="返回">
        <LineIcon d="M15 4 7 12l8 8" strokeWidth={2.2} />
      </button>
      <h1 className="page-header-title">{title ?? routeTitle}</h1>
      <div className="page-header-right">{right}</div>
    </header>
  );
}

/** A quiet link beside the header's title, to a neighbouring page (频道, 我的活动). */
export function HeaderLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="header-link" to={to}>
      {children}
    </Link>
  );
}

/** The top of a tab of the bottom bar: its big title and, with `link`, a way to a page of it. */
export function TabHeader({ title, link }: { title: string; link?: ReactNode }) {
  return (
    <header className="tab-header">
      <h1>{title}</h1>
      {link}
    </header>
  );
}
