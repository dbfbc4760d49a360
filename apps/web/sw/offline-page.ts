/**
 * The page shown offline for a site never opened on this phone (nothing kept to start the app
 * with): says so in large type, with a way to try again. Inline styles only (the CSP allows
 * them, and no file can be fetched).
 */
export function offlinePage(): Response {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>网络未连接</title></head><body style="margin:0;font-family:system-ui,sans-serif;background:#f5f7fa;color:#1f2329"><main style="min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px;text-align:center"><h1 style="font-size:22px;margin:0 0 12px">网络未连接</h1><p style="font-size:17px;line-height:1.6;margin:0 0 24px;color:#4e5969">这个页面还没有在本机打开过，连上网络后才能查看。</p><a href="" style="display:inline-block;min-width:160px;padding:12px 24px;border-radius:24px;background:#1664ff;color:#fff;font-size:18px;text-decoration:none">重新加载</a></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
