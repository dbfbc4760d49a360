import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './share-button.tsx';
import { SessionKey } from './storage.ts';

const URL_TO_SHARE = 'https://learn.example.cn/scourseDetail?id=7';

beforeAll(() => {
  // As in main.tsx: the Toast shown after copying renders imperatively.
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
});

/** Puts `value` on navigator as `name` for one test. */
function stubNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Taps 分享 and waits for the sheet, which loads on the first tap. */
async function openSheet() {
  fireEvent.click(screen.getByRole('button', { name: /分享/ }));
  await screen.findByText('分享到微博');
}

describe('ShareButton', () => {
  it('offers the microblog, copy link and cancel, without system share when it is missing', async () => {
    render(<ShareButton title="智能手机课" url={URL_TO_SHARE} />);
    expect(screen.queryByText('分享到微博')).toBeNull();
    await openSheet();
    expect(screen.getByText('分享到微博')).toBeTruthy();
    expect(screen.getByText('复制链接')).toBeTruthy();
    expect(screen.getByText('取消')).toBeTruthy();
    expect(screen.queryByText('系统分享')).toBeNull();
  });

  it('offers system share when the browser has it, and shares the page', async () => {
    const share = vi.fn(async () => undefined);
    stubNavigator('share', share);
    render(<ShareButton title="智能手机课" url={URL_TO_SHARE} />);
    await openSheet();
    fireEvent.click(screen.getByText('系统分享'));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({ title: '智能手机课', url: URL_TO_SHARE }),
    );
  });

  it('opens the microblog share page in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<ShareButton title="智能手机课" url={URL_TO_SHARE} pic="/files/cover.png" />);
    await openSheet();
    fireEvent.click(screen.getByText('分享到微博'));
    expect(open).toHaveBeenCalledTimes(1);
    const [link, target, features] = open.mock.calls[0] ?? [];
    expect(target).toBe('_blank');
    expect(features).toBe('noopener');
    const query = new URL(String(link)).searchParams;
    expect(query.get('title')).toBe('智能手机课');
    expect(query.get('url')).toBe(URL_TO_SHARE);
    expect(query.get('pic')).toBe(new URL('/files/cover.png', window.location.href).href);
  });

  it('copies the stored share address and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator('clipboard', { writeText });
    sessionStorage.setItem(SessionKey.shareUrl, URL_TO_SHARE);
    render(<ShareButton title="智能手机课" />);
    await openSheet();
    fireEvent.click(screen.getByText('复制链接'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE));
    expect(await screen.findByText('链接已复制')).toBeTruthy();
  });
});
