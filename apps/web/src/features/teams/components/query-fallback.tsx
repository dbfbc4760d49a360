import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { LoadFailed } from '@/ui/state-view.tsx';

/** What a page shows while its query has no data: `<what>没有加载出来` with 重试, or grey blocks. */
export function QueryFallback({
  query,
  what,
}: {
  query: { isError: boolean; refetch: () => unknown };
  what: string;
}) {
  if (!query.isError) return <PageSkeleton />;
  return <LoadFailed title={`${what}没有加载出来`} onRetry={() => void query.refetch()} />;
}
