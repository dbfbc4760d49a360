import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { LoadFailed } from '@/ui/state-view.tsx';

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
    return <LoadFailed title={`${what}没有加载出来`} onRetry={() => void query.refetch()} />;
  }
  return <PageSkeleton />;
}
