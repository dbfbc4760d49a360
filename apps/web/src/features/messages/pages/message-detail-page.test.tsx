import type { MessageDetail, MessageSummary } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnreadMessages } from '@/platform/queries/unread-messages.ts';
import { setFailurePolicy } from '@/platform/request.ts';
import { MessageDetailPage } from './message-detail-page.tsx';

/** A fake messages API at the network edge: two messages, one unread. */
function fakeServer(messages: MessageSummary[]) {
  const calls: string[] = [];
  const bodies: Record<number, string> = { 1: '您已成功报名班级。', 2: '通知正文' };
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ code: 0, message: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  const unread = () => messages.filter((item) => !item.read).length;
  const fetch = vi.fn(async (input: Request | string) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    switch (url.pathname) {
      case '/api/messages':
        return ok({ list: messages, total: messages.length, page: 1, size: 20 });
      case '/api/messages/unread-count':
        return ok({ unread: unread() });
      case '/api/messages/read-all':
        for (const item of messages) item.read = true;
        return ok({ unread: 0 });
      case '/api/messages/detail': {
        const id = Number(url.searchParams.get('id'));
        const found = messages.find((item) => item.id === id);
        if (!found)
          return new Response(
            JSON.stringify({ code: 404, message: '消息不存在或已删除', data: null }),
          );
        found.read = true;
        const detail: MessageDetail = { ...found, body: bodies[id] ?? '' };
        return ok(detail);
      }
      default:
        return new Response('{}', { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const sample = (): MessageSummary[] => [
  {
    id: 1,
    kind: 'signup',
    title: '报名成功：「智能手机入门班」',
    excerpt: '您已成功报名班级。',
    createdAt: '2026-11-25T02:00:00.000Z',
    read: false,
    link: { type: 'class', id: 7 },
  },
  {
    id: 2,
    kind: 'notice',
    title: '冬季学期课程开始报名',
    excerpt: '通知正文',
    createdAt: '2026-11-20T02:00:00.000Z',
    read: true,
    link: null,
  },
];

/** What the tab bar and 我的 show: the unread count. */
function UnreadCount() {
  return <output aria-label="未读消息数">{useUnreadMessages()}</output>;
}

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <MessageDetailPage />
        <UnreadCount />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let restorePolicy: () => void;
beforeEach(() => {
  localStorage.setItem('token', 't');
  restorePolicy = setFailurePolicy(() => {});
});
afterEach(() => {
  cleanup();
  restorePolicy();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/messageDetails without an id: 我的消息', () => {
  it('lists the messages newest first, marking the unread one', async () => {
    fakeServer(sample());
    renderAt('/messageDetails');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '未读消息数' }).textContent).toBe('1'),
    );
    expect(screen.getByRole('heading', { name: '我的消息' })).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /报名成功|冬季学期/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messageDetails?id=1',
      '/messageDetails?id=2',
    ]);
    expect(within(links[0] as HTMLElement).getByRole('img', { name: '未读' })).toBeTruthy();
    expect(within(links[1] as HTMLElement).queryByRole('img', { name: '未读' })).toBeNull();
  });

  it('marks everything read with 全部已读, which then goes away', async () => {
    const calls = fakeServer(sample());
    renderAt('/messageDetails');
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: '未读' })).toBeNull());
    expect(calls).toContain('POST /api/messages/read-all');
    await waitFor(() => expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull());
    expect(screen.getByRole('status', { name: '未读消息数' }).textContent).toBe('0');
  });

  it('shows the designed empty state when there is nothing', async () => {
    fakeServer([]);
    renderAt('/messageDetails');
    expect(await screen.findByText('还没有消息')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
  });
});

describe('/messageDetails?id=: one message', () => {
  it('opened from the list, shows its title, body and the way to its content; the count drops', async () => {
    fakeServer(sample());
    renderAt('/messageDetails');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '未读消息数' }).textContent).toBe('1'),
    );
    fireEvent.click(await screen.findByRole('link', { name: /报名成功/ }));
    expect(
      await screen.findByRole('heading', { name: '报名成功：「智能手机入门班」' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: '消息详情' })).toBeTruthy();
    expect(screen.getByText('您已成功报名班级。')).toBeTruthy();
    expect(screen.getByText('报名')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看班级' }).getAttribute('href')).toBe(
      '/classDetails?id=7',
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '未读消息数' }).textContent).toBe('0'),
    );
  });

  it('shows a message without a link without a button', async () => {
    fakeServer(sample());
    renderAt('/messageDetails?id=2');
    expect(await screen.findByText('通知正文')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^查看/ })).toBeNull();
  });

  it.each([
    ["someone else's (404)", '/messageDetails?id=99'],
    ['a malformed id', '/messageDetails?id=abc'],
  ])('shows the missing state for %s', async (_name, address) => {
    fakeServer(sample());
    renderAt(address);
    expect(await screen.findByText('消息不存在或已下线')).toBeTruthy();
    expect(screen.getByRole('link', { name: '回到我的消息' }).getAttribute('href')).toBe(
      '/messageDetails',
    );
  });
});
