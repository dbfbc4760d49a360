/** The placeholder while a page's chunk or first data loads: grey blocks in the page's shape. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <div className="skeleton-block skeleton-title" />
      <div className="skeleton-block skeleton-cover" />
      <div className="skeleton-block skeleton-line" />
      <div className="skeleton-block skeleton-line short" />
      <div className="skeleton-block skeleton-line" />
    </div>
  );
}
