import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canCopyLink,
  canSystemShare,
  copyLink,
  currentShareUrl,
  SHARE_NETWORKS,
  shareUrlFor,
  shareUrlOf,
  systemShare,
} from './share.ts';
import { SessionKey } from './storage.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SHARE_NETWORKS', () => {
  it('lists exactly the ten networks of the spec, in order', () => {
    expect(SHARE_NETWORKS).toEqual([
      'douban',
      'facebook',
      'kaixin',
      'netease',
      'qq_t',
      'qq_zone',
      'renren',
      'sina',
      'twitter',
      'sohu',
    ]);
  });
});

describe('shareUrlFor', () => {
  const params = {
    title: '静安学习网：老年人智能手机课 & 更多',
    url: 'https://learn.example.cn/scourseDetail?id=7&from=share',
    pic: 'https://learn.example.cn/files/cover 1.png',
  };

  it('builds the microblog link with title, url and pic encoded', () => {
    const link = shareUrlFor('sina', params);
    expect(link).not.toBeNull();
    const parsed = new URL(link ?? '');
    expect(parsed.origin + parsed.pathname).toBe('https://service.weibo.com/share/share.php');
    expect(link).not.toContain(' ');
    expect(link).not.toContain('静安');
    expect(Object.fromEntries(parsed.searchParams)).toEqual(params);
  });

  it('leaves pic out when there is none', () => {
    const link = shareUrlFor('sina', { title: '课程', url: 'https://learn.example.cn/' });
    expect(new URL(link ?? '').searchParams.has('pic')).toBe(false);
  });

  it('has no link for the networks that are not implemented', () => {
    for (const network of SHARE_NETWORKS.filter((name) => name !== 'sina')) {
      expect(shareUrlFor(network, params)).toBeNull();
    }
  });
});

describe('shareUrlOf', () => {
  it.each([
    ['https://x.cn/index/home', 'https://x.cn/'],
    ['https://x.cn/xuhui/index/home?a=1', 'https://x.cn/xuhui/?a=1'],
    ['https://x.cn/index/home/#top', 'https://x.cn/#top'],
    ['https://x.cn/scourseDetail?id=7', 'https://x.cn/scourseDetail?id=7'],
    ['https://x.cn/search?from=index/home', 'https://x.cn/search?from=index/home'],
  ])('%s -> %s', (href, shared) => {
    expect(shareUrlOf(href)).toBe(shared);
  });
});

describe('currentShareUrl', () => {
  it('prefers the stored shareUrl', () => {
    sessionStorage.setItem(SessionKey.shareUrl, 'https://x.cn/news?id=3');
    expect(currentShareUrl()).toBe('https://x.cn/news?id=3');
  });

  it('falls back to the current address', () => {
    expect(currentShareUrl()).toBe(shareUrlOf(window.location.href));
  });
});

describe('systemShare', () => {
  const params = { title: '课程', url: 'https://x.cn/' };

  it('is unavailable without the Web Share API', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    expect(canSystemShare()).toBe(false);
    await expect(systemShare(params)).resolves.toBe(false);
  });

  it('resolves true when shared and false when the learner cancels', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { share });
    expect(canSystemShare()).toBe(true);
    await expect(systemShare(params)).resolves.toBe(true);
    expect(share).toHaveBeenCalledWith(params);

    share.mockRejectedValueOnce(new DOMException('cancelled', 'AbortError'));
    await expect(systemShare(params)).resolves.toBe(false);
  });

  it('passes other failures on', async () => {
    vi.stubGlobal('navigator', {
      share: vi.fn(async () => {
        throw new DOMException('no', 'NotAllowedError');
      }),
    });
    await expect(systemShare(params)).rejects.toThrow('no');
  });
});

describe('copyLink', () => {
  it('writes to the async clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(canCopyLink()).toBe(true);
    await expect(copyLink('https://x.cn/a')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://x.cn/a');
  });

  it('falls back to the copy command without the async clipboard', async () => {
    vi.stubGlobal('navigator', {});
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      // What the command would copy: the hidden field put on the page for it.
      if (command === 'copy') copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      expect(canCopyLink()).toBe(true);
      await expect(copyLink('https://x.cn/b')).resolves.toBe(true);
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(copied).toBe('https://x.cn/b');
      expect(document.querySelector('textarea')).toBeNull();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});
