import type { Page } from '@portal/contract';
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { PagedList } from './paged-list.tsx';

afterEach(cleanup);

function Names({ fetchPage }: { fetchPage: (page: number) => Promise<Page<string>> }) {
  const query = useInfiniteQuery({
    queryKey: ['names'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    retry: false,
  });
  return (
    <PagedList query={query} errorTitle="名单没有加载出来" empty={<p>还没有人</p>}>
      {(name) => <li key={name}>{name}</li>}
    </PagedList>
  );
}

function renderNames(fetchPage: (page: number) => Promise<Page<string>>) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <Names fetchPage={fetchPage} />
    </QueryClientProvider>,
  );
}

describe('PagedList', () => {
  it('shows the loading shape, then the items of the first page', async () => {
    renderNames(async () => ({ list: ['王芳', '李明'], total: 2, page: 1, size: 20 }));
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    expect((await screen.findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      '王芳',
      '李明',
    ]);
  });

  it('shows its empty state when there is nothing', async () => {
    renderNames(async () => ({ list: [], total: 0, page: 1, size: 20 }));
    expect(await screen.findByText('还没有人')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers a retry when the first page fails, and shows the items it then gets', async () => {
    const fetchPage = vi
      .fn<(page: number) => Promise<Page<string>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ list: ['王芳'], total: 1, page: 1, size: 20 });
    renderNames(fetchPage);
    expect(await screen.findByRole('heading', { name: '名单没有加载出来' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('王芳')).toBeTruthy();
  });
});
