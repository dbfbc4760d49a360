import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

/** As main.tsx does: antd-mobile's imperative Toast and Dialog need React 19's createRoot. */
export function useAntdRender() {
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
}

/** Closes antd-mobile's toasts and dialogs and waits until they have left the page. */
export async function clearAntd() {
  const { Dialog, Toast } = await import('antd-mobile');
  Toast.clear();
  Dialog.clear();
  const deadline = Date.now() + 2000;
  while (document.querySelector('.adm-dialog, .adm-toast-mask') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
