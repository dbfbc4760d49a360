import type { MedalMetric } from '@portal/contract';

/** A line drawing per metric, inside the badge (24 × 24 grid). */
const SYMBOLS: Record<MedalMetric, string> = {
  courses_completed: 'M4 6l8-3 8 3-8 3zM7 8v5c0 1.5 2.2 3 5 3s5-1.5 5-3V8M20 6v5',
  streak_days: 'M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-5 1-8.5z',
  learning_hours: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  activities_attended: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M8.5 14l2.5 2.5 4.5-4.5',
  books_finished: 'M4 5c3-1 6-1 8 1 2-2 5-2 8-1v14c-3-1-6-1-8 1-2-2-5-2-8-1zM12 6v14',
  live_watched: 'M3 6h18v11H3zM8 21h8M10 9.5v4l3.5-2z',
  team_works:
    'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6M3 20c0-3 2.5-5 5-5s5 2 5 5M15 15c2.5 0 6 1.5 6 5',
};

/** A medal's round badge: gold when earned, grey while locked. Decorative: the name is beside it. */
export function MedalBadge({
  metric,
  earned,
  size = 64,
}: {
  metric: MedalMetric;
  earned: boolean;
  size?: number;
}) {
  return (
    <span className={earned ? 'medal-badge earned' : 'medal-badge locked'} aria-hidden="true">
      <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true">
        <circle cx="24" cy="24" r="22" className="medal-badge-ring" />
        <circle cx="24" cy="24" r="17" className="medal-badge-face" />
        <g transform="translate(12 12)">
          <path
            d={SYMBOLS[metric]}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      </svg>
    </span>
  );
}
