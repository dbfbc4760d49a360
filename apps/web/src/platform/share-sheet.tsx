import { ActionSheet, type ActionSheetProps, Toast } from 'antd-mobile';
import {
  canCopyLink,
  canSystemShare,
  copyLink,
  currentShareUrl,
  type ShareParams,
  shareUrlFor,
  systemShare,
} from './share.ts';
import type { ShareButtonProps } from './share-button.tsx';

function toast(content: string) {
  Toast.show({ content, position: 'center', duration: 2000 });
}

function absolute(address: string): string {
  try {
    return new URL(address, window.location.href).href;
  } catch {
    return address;
  }
}

/** The share sheet: microblog, the system share sheet and copy link, when available. */
export function ShareSheet({
  title,
  pic,
  url,
  visible,
  onClose,
}: ShareButtonProps & { visible: boolean; onClose: () => void }) {
  // Read when acted on, not at render: the app stores shareUrl after the page has rendered.
  const params = (): ShareParams => ({
    title,
    url: url ?? currentShareUrl(),
    ...(pic ? { pic: absolute(pic) } : {}),
  });

  function handleWeibo() {
    const link = shareUrlFor('sina', params());
    // Synchronous inside the tap, so popup blockers let it through.
    if (link) window.open(link, '_blank', 'noopener');
  }

  async function handleSystemShare() {
    try {
      await systemShare(params());
    } catch {
      toast('分享失败，请复制链接');
    }
  }

  async function handleCopy() {
    const copied = await copyLink(params().url);
    toast(copied ? '链接已复制' : '复制失败，请手动复制地址栏链接');
  }

  const actions: ActionSheetProps['actions'] = [
    { key: 'weibo', text: '分享到微博', onClick: handleWeibo },
    ...(canSystemShare()
      ? [{ key: 'system', text: '系统分享', onClick: () => void handleSystemShare() }]
      : []),
    ...(canCopyLink() ? [{ key: 'copy', text: '复制链接', onClick: () => void handleCopy() }] : []),
  ];

  return (
    <ActionSheet
      visible={visible}
      actions={actions}
      cancelText="取消"
      closeOnAction
      onClose={onClose}
    />
  );
}
