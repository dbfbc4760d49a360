import { unstableSetRender } from 'antd-mobile';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadLanding } from './app/preload.ts';
import { applyElderMode } from './platform/elder-mode.ts';
import { warmFeedbackKitOnFirstTouch } from './platform/feedback.ts';
import { waitingCount } from './platform/outbox/outbox-count.ts';
import { refreshToken } from './platform/session.ts';
import { applySiteTheme, siteTitle } from './platform/site-config.ts';
import { recordFirstUrl } from './platform/visit.ts';
import { afterPaint } from './ui/after-paint.ts';
import './styles.css';

// antd-mobile 5 renders Toast and Dialog imperatively; with React 19 it needs createRoot.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

document.title = siteTitle();
applySiteTheme();
applyElderMode();
recordFirstUrl();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Start-up (spec section 4): the token refresh, the landing page's chunk and its data start
// together; the app is shown once the refresh has answered, in every case. Until then the
// splash of index.html stays.
const refreshed = refreshToken();
preloadLanding();
void refreshed.then(() => {
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, instead of in one long task that would hold back input (and the
  // page's chunk and data arriving meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  warmFeedbackKitOnFirstTouch();
  // Installable and offline (issue 32): the service worker after the first screen has painted,
  // never in the way of it (its code is a chunk of its own). The dev server serves none.
  // Writes kept offline (the outbox) go once the first screen has painted; its code loads only
  // when something waits.
  if (waitingCount() > 0) {
    afterPaint(() => {
      void import('./platform/outbox/outbox.ts').then(({ startOutbox }) => startOutbox());
    });
  }
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    afterPaint(() => {
      void import('./platform/service-worker.ts')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        .catch(() => undefined);
    });
  }
});
