import { SessionKey, session } from './storage.ts';

/** The ten share networks of spec section 9, in the spec's order. */
export const SHARE_NETWORKS = [
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
] as const;

export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** What a share link carries (spec section 3). */
export type ShareParams = { title: string; url: string; pic?: string };

const WEIBO_SHARE = 'https://service.weibo.com/share/share.php';

/** The share link of `network`; only the microblog ('sina') is implemented, the rest give null. */
export function shareUrlFor(
  network: ShareNetwork,
  { title, url, pic }: ShareParams,
): string | null {
  if (network !== 'sina') return null;
  const query = new URLSearchParams({ title, url });
  if (pic) query.set('pic', pic);
  return `${WEIBO_SHARE}?${query}`;
}

/** `href` with its 'index/home' path part removed: the address worth sharing (spec section 3). */
export function shareUrlOf(href: string): string {
  const pathEnd = href.search(/[?#]/);
  const cut = pathEnd === -1 ? href.length : pathEnd;
  // Only the path: a query or hash that mentions index/home is left alone.
  return href.slice(0, cut).replace(/\/index\/home(?:\/|$)/, '/') + href.slice(cut);
}

/** The address to share: `shareUrl` from sessionStorage, else the current address. */
export function currentShareUrl(): string {
  return session.get(SessionKey.shareUrl) || shareUrlOf(window.location.href);
}

/** Whether the Web Share API is available. */
export function canSystemShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Opens the system share sheet; resolves true when shared, false when the learner cancels or the
 * API is missing, and rejects on other failures.
 */
export async function systemShare({ title, url }: ShareParams): Promise<boolean> {
  if (!canSystemShare()) return false;
  try {
    await navigator.share({ title, url });
    return true;
  } catch (error) {
    if (isAbort(error)) return false;
    throw error;
  }
}

function hasAsyncClipboard(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}

/** Whether a link can be copied: the async clipboard, or the older copy command. */
export function canCopyLink(): boolean {
  return hasAsyncClipboard() || typeof document.execCommand === 'function';
}

function copyWithTextarea(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  // readonly keeps the iOS keyboard down; fixed and transparent keeps the page from jumping.
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/**
 * Copies `url` to the clipboard; the async clipboard needs a secure context, so plain http falls
 * back to a hidden textarea and the copy command. Resolves whether it worked.
 */
export async function copyLink(url: string): Promise<boolean> {
  if (hasAsyncClipboard()) {
    try {
      await navigator.clipboard.writeText(url);
      return true;
    } catch {
      // Permission refused: the copy command may still work.
    }
  }
  return copyWithTextarea(url);
}
