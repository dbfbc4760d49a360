import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { RetryButton, StateView } from '@/ui/state-view.tsx';

/**
 * A page's body from one query: `children` with its data once there, the designed error with
 * 重试 when it failed (`<what>没有加载出来`), grey blocks meanwhile.
 */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <StateView kind="error" title={`${what}没有加载出来`} description="请检查网络后重试。">
        <RetryButton onRetry={() => void query.refetch()} />
      </StateView>
    );
  }
  return <PageSkeleton />;
}
