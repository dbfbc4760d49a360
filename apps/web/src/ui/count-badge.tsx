/** A small red count of unread things on a tab or a row (99+ above 99); decorative to screen readers, which read the label beside it. */
export function CountBadge({ count }: { count: number }) {
  return (
    <span className="count-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
