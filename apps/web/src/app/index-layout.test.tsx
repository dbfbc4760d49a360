import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFailurePolicy } from '@/platform/request.ts';
import { IndexLayout } from './index-layout.tsx';

function serveUnread(unread: number) {
  const fetch = vi.fn(async () => Response.json({ code: 0, message: '', data: { unread } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/index/home']}>
        <Routes>
          <Route path="/index" element={<IndexLayout />}>
            <Route path="home" element={<p>首页内容</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let restorePolicy: () => void;
beforeEach(() => {
  restorePolicy = setFailurePolicy(() => {});
});
afterEach(() => {
  cleanup();
  restorePolicy();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the bottom tab bar', () => {
  it('shows the learner how many messages are unread on the 我的 tab', async () => {
    localStorage.setItem('token', 't');
    const fetch = serveUnread(3);
    renderShell();
    const mine = await screen.findByRole('link', { name: /^我的\s*，3 条未读消息$/ });
    expect(mine.querySelector('.count-badge')?.textContent).toBe('3');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [request] = fetch.mock.calls[0] as unknown as [Request];
    expect(new URL(request.url).pathname).toBe('/api/messages/unread-count');
  });

  it('shows no badge when everything is read', async () => {
    localStorage.setItem('token', 't');
    const fetch = serveUnread(0);
    renderShell();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: '我的' }).querySelector('.count-badge')).toBeNull();
  });

  it('asks nothing for a visitor', async () => {
    const fetch = serveUnread(5);
    renderShell();
    expect(screen.getByRole('link', { name: '我的' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
