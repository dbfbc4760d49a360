import type { ArticleSummary, Page } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { articlesQueryOptions } from '../api/articles.ts';
import { ArticleList } from './article-list.tsx';

afterEach(cleanup);

const article = (over: Partial<ArticleSummary>): ArticleSummary => ({
  id: 1,
  kind: 'notice',
  channelId: 1,
  channelName: '公告',
  title: '标题',
  summary: '',
  cover: null,
  source: '学习网',
  pinned: false,
  viewCount: 12,
  publishedAt: '2026-11-20T08:00:00.000Z',
  unread: false,
  hasAttachment: false,
  ...over,
});

function renderList(list: ArticleSummary[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const page: Page<ArticleSummary> = { list, total: list.length, page: 1, size: 20 };
  client.setQueryData(articlesQueryOptions({ kind: 'notice' }).queryKey, {
    pages: [page],
    pageParams: [1],
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArticleList kind="notice" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ArticleList', () => {
  it('marks pinned and unread items, shows a cover only when there is one, links each', () => {
    const { container } = renderList([
      article({ id: 1, title: '置顶的公告', pinned: true, unread: true, cover: '/c.png' }),
      article({ id: 2, title: '读过的公告', kind: 'fengcai' }),
    ]);
    const [first, second] = screen.getAllByRole('link');
    expect(first?.textContent).toContain('未读');
    expect(first?.textContent).toContain('置顶');
    expect(first?.getAttribute('href')).toBe('/contentDetails?id=1');
    expect(first?.querySelector('img')).not.toBeNull();
    expect(second?.textContent).not.toContain('未读');
    expect(second?.textContent).not.toContain('置顶');
    expect(second?.getAttribute('href')).toBe('/fengcaiDetails?id=2');
    expect(second?.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('.article-item.unread')).toHaveLength(1);
    expect(second?.textContent).toContain('12 次浏览');
  });
});
