import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { refreshToken } from './platform/session.ts';
import { siteConfig } from './platform/site-config.ts';
import './styles.css';

// antd-mobile 5 renders Toast and Dialog imperatively; with React 19 it needs createRoot.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

document.title = siteConfig.siteName;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// Start-up (spec section 4): refresh the token, then show the app in every case.
void refreshToken().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
