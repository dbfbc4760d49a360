import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { type RequestFailure, setFailurePolicy } from '@/platform/request.ts';
import { DetailPage, useDetailById } from './detail-page.tsx';

interface Item {
  id: number;
  title: string;
}

const itemOptions = (id: number) =>
  detailQueryOptions<Item>(['things', 'detail', id], '/courses/detail', { id });

function ThingPage() {
  const detail = useDetailById(itemOptions);
  return (
    <DetailPage
      detail={detail}
      missing={{
        what: '课程',
        description: '换一门课程看看吧。',
        way: { to: '/', label: '回首页' },
      }}
      actions={(item) => <button type="button">分享{item.title}</button>}
    >
      {(item) => <main>{item.title}</main>}
    </DetailPage>
  );
}

let failures: RequestFailure[];
let restorePolicy: () => void;

/** Answers each call with the next envelope (or throws the next error: a network failure). */
function answer(...replies: (object | Error)[]) {
  const fetch = vi.fn(async () => {
    const reply = replies.shift();
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <ThingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  failures = [];
  restorePolicy = setFailurePolicy((failure) => failures.push(failure));
});

afterEach(() => {
  cleanup();
  restorePolicy();
  vi.unstubAllGlobals();
});

describe('a detail page', () => {
  it('shows the item and its header actions once loaded', async () => {
    answer({ code: 0, message: '', data: { id: 3, title: '书法入门' } });
    renderAt('/thing?id=3');
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(await screen.findByText('书法入门')).toBeTruthy();
    expect(screen.getByRole('button', { name: '分享书法入门' })).toBeTruthy();
  });

  it.each([
    ['no id', '/thing'],
    ['a malformed id', '/thing?id=abc'],
  ])('treats %s as missing without asking the server', (_case, address) => {
    const fetch = answer();
    renderAt(address);
    expect(screen.getByRole('heading', { name: '课程不存在或已下线' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '回首页' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([404, 400])('shows an answer %i quietly as missing (no toast)', async (code) => {
    answer({ code, message: '不存在', data: null });
    renderAt('/thing?id=3');
    expect(await screen.findByRole('heading', { name: '课程不存在或已下线' })).toBeTruthy();
    expect(screen.getByText('换一门课程看看吧。')).toBeTruthy();
    expect(failures).toEqual([]);
  });

  it('shows any other failure as an error with 重试, which asks again', async () => {
    answer(new TypeError('Failed to fetch'), {
      code: 0,
      message: '',
      data: { id: 3, title: '书法入门' },
    });
    renderAt('/thing?id=3');
    expect(await screen.findByRole('heading', { name: '课程没有加载出来' })).toBeTruthy();
    expect(failures).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('书法入门')).toBeTruthy();
  });

  it('shows a refused call (other than 400 and 404) as an error too', async () => {
    answer({ code: 500, message: '服务器开小差了', data: null });
    renderAt('/thing?id=3');
    expect(await screen.findByRole('heading', { name: '课程没有加载出来' })).toBeTruthy();
    expect(failures).toHaveLength(1);
  });
});
