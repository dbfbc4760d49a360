import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRefreshingMutation } from './mutation.ts';

function setup(mutationFn: (id: number) => Promise<string>) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => useRefreshingMutation(mutationFn, { queryKey: ['classes'] }),
    {
      wrapper,
    },
  );
  return { result, invalidate };
}

describe('useRefreshingMutation', () => {
  it('refreshes the named queries once the mutation went through', async () => {
    const { result, invalidate } = setup(async (id) => `signed up ${id}`);
    await act(() => result.current.mutateAsync(7));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['classes'] });
  });

  it('refreshes nothing when it failed', async () => {
    const { result, invalidate } = setup(async () => {
      throw new Error('名额已满');
    });
    await act(() => result.current.mutateAsync(7).catch(() => {}));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
