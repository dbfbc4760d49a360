import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/platform/request.ts';
import { RetryButton, StateView } from '@/ui/state-view.tsx';
import '@/ui/signup-fields.css';

/** The server's answer to a form: its refusal (an `ApiError`) or what went through. */
export function FormMessage({ error, done }: { error: unknown; done?: string | null }) {
  if (error instanceof ApiError) {
    return (
      <p className="signup-error signup-server-error" role="alert">
        {error.message}
      </p>
    );
  }
  if (done) {
    return (
      <p className="text-ok" role="status">
        {done}
      </p>
    );
  }
  return null;
}

/** What shows until a query of the settings has its answer: 正在读取…, or the error with 重试. */
export function Reading({ query, what }: { query: UseQueryResult<unknown>; what: string }) {
  if (query.isError) {
    return (
      <StateView kind="error" title={`${what}没有读取成功`}>
        <RetryButton onRetry={() => void query.refetch()} />
      </StateView>
    );
  }
  return <p className="account-muted">正在读取{what}…</p>;
}
