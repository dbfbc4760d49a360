import { lazy, Suspense, useState } from 'react';

export type ShareButtonProps = {
  title: string;
  /** Cover image; a site-relative path is made absolute for the microblog. */
  pic?: string;
  /** The address to share; defaults to the current share address. */
  url?: string;
};

// The sheet (and the gesture library under it) loads on the first tap, off the first screen.
const ShareSheet = lazy(() =>
  import('./share-sheet.tsx').then((module) => ({ default: module.ShareSheet })),
);

/** A 分享 button opening a sheet: microblog, the system share sheet and copy link, when available. */
export function ShareButton(props: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  function handleOpen() {
    setUsed(true);
    setOpen(true);
  }

  return (
    <>
      <button type="button" className="share-button" onClick={handleOpen}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        分享
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ShareSheet {...props} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
