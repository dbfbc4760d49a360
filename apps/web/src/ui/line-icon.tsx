/**
 * A line drawing on a 24 × 24 grid, in the text's colour with round ends and corners: the icons of
 * headers, buttons and states. Decorative: the text beside it names the action.
 */
export function LineIcon({
  d,
  size = 24,
  strokeWidth = 2,
}: {
  /** The SVG path. */
  d: string;
  size?: number;
  strokeWidth?: number;
}) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
