type FeedbackKit = typeof import('./feedback-kit.ts');

let loading: Promise<FeedbackKit> | null = null;
let loaded: FeedbackKit | null = null;

/** Loads antd-mobile's Toast and Dialog; a failed load is tried again next time. */
export function loadFeedbackKit(): Promise<FeedbackKit> {
  loading ??= import('./feedback-kit.ts').then(
    (kit) => {
      loaded = kit;
      return kit;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Nothing is downloaded at idle that the visitor has not asked for: the pop-up kit (about 45 KB
 * with its animation library) starts loading at the first touch or key press, well before a tap
 * can lead to a toast or a dialog. A page that never needs one never pays for it.
 */
export function warmFeedbackKitOnFirstTouch(target: Window = window): void {
  const warm = () => {
    for (const type of ['pointerdown', 'keydown']) target.removeEventListener(type, warm, true);
    loadFeedbackKit().catch(() => {});
  };
  for (const type of ['pointerdown', 'keydown']) {
    target.addEventListener(type, warm, { capture: true, passive: true });
  }
}

/** How long the plain toast stays (as antd-mobile's). */
const PLAIN_TOAST_MS = 2000;

/**
 * A toast without the kit, for when the kit cannot be downloaded (the network is gone before it
 * ever arrived): plain text in a centred box, announced to screen readers, gone after 2 s.
 */
export function plainToast(content: string, afterClose?: () => void): void {
  const box = document.createElement('div');
  box.className = 'plain-toast';
  box.setAttribute('role', 'status');
  box.textContent = content;
  document.body.append(box);
  window.setTimeout(() => {
    box.remove();
    afterClose?.();
  }, PLAIN_TOAST_MS);
}

/**
 * Runs `use` with the pop-up kit: at once when it is loaded, else as soon as it arrives. When it
 * cannot be loaded, `fallback` runs instead (or the error goes to the console).
 */
export function withFeedbackKit(use: (kit: FeedbackKit) => void, fallback?: () => void): void {
  if (loaded) {
    use(loaded);
    return;
  }
  loadFeedbackKit().then(use, (error: unknown) => {
    if (fallback) fallback();
    else console.error(error);
  });
}
