import {
  Activity,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type NavigationType,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';

/** A left kept-alive page is frozen (effects stopped) after this delay (spec section 9). */
export const FREEZE_DELAY_MS = 1000;
/** A kept-alive page that was navigated back from is dropped after this delay (spec section 9). */
export const DROP_DELAY_MS = 1200;

interface KeptPage {
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
  /** The window scroll while it was last shown. */
  scrollY: number;
  /** The query it was last shown with. */
  search: string;
}

/** React Router's position in the session history (it keeps `idx` in `history.state`). */
function historyIndex(): number {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : 0;
  return typeof index === 'number' ? index : 0;
}

/** Feeds a page the location it was last shown at, so a hidden list ignores the detail's URL. */
function LocationGate({
  location,
  navigationType,
  children,
}: {
  location: Location;
  navigationType: NavigationType;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

/**
 * The outlet of the root layout with keep-alive (spec section 2): a kept page's element is cached
 * per path and rendered inside `<Activity>`, hidden at once when left (so its state, loaded pages
 * and scroll position survive) and frozen after {@link FREEZE_DELAY_MS}; one left by going back is
 * dropped after {@link DROP_DELAY_MS}. Every other route change scrolls to the top.
 */
export function KeepAliveOutlet({ isKept }: { isKept: (pathname: string) => boolean }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const cache = useRef(new Map<string, KeptPage>()).current;
  const [frozen, setFrozen] = useState<ReadonlySet<string>>(() => new Set());
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const shown = useRef<{ pathname: string; search: string; index: number } | null>(null);
  const current = location.pathname;
  const kept = isKept(current);

  // Cache the element the first time a kept page is shown; while it is shown it reads the live
  // location (a new search on the same page re-renders it).
  const entry = cache.get(current);
  if (kept && !entry) {
    cache.set(current, { element: outlet, location, navigationType, scrollY: 0, search: '' });
  } else if (entry) {
    entry.location = location;
    entry.navigationType = navigationType;
  }

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const handleScroll = () => {
      const page = shown.current && cache.get(shown.current.pathname);
      if (page) page.scrollY = window.scrollY;
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [cache]);

  const pageKey = `${location.pathname}${location.search}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page change by design
  useLayoutEffect(() => {
    const previous = shown.current;
    const index = historyIndex();
    shown.current = { pathname: current, search: location.search, index };
    const returning = cache.get(current);
    // Back on a kept page at the address it was left at: where the learner was; else the top.
    const restore =
      returning &&
      previous &&
      previous.pathname !== current &&
      returning.search === location.search;
    window.scrollTo(0, restore ? returning.scrollY : 0);
    if (returning) returning.search = location.search;
    if (frozen.has(current)) {
      setFrozen((set) => new Set([...set].filter((path) => path !== current)));
    }
    if (!previous || previous.pathname === current || !cache.has(previous.pathname)) return;
    const left = previous.pathname;
    // The timers are not cleared on the next page change: each checks that its page is still
    // not shown when it fires.
    setTimeout(() => {
      if (shown.current?.pathname !== left) setFrozen((set) => new Set(set).add(left));
    }, FREEZE_DELAY_MS);
    const wentBack = navigationType === 'POP' && index < previous.index;
    if (!wentBack) return;
    setTimeout(() => {
      if (shown.current?.pathname === left) return;
      cache.delete(left);
      setFrozen((set) => new Set([...set].filter((path) => path !== left)));
      rerender();
    }, DROP_DELAY_MS);
  }, [pageKey]);

  return (
    <>
      {[...cache].map(([path, page]) => {
        const visible = path === current;
        return (
          <Activity key={path} mode={visible || !frozen.has(path) ? 'visible' : 'hidden'}>
            <div className="kept-page" hidden={!visible}>
              <LocationGate location={page.location} navigationType={page.navigationType}>
                {page.element}
              </LocationGate>
            </div>
          </Activity>
        );
      })}
      {kept ? null : outlet}
    </>
  );
}
