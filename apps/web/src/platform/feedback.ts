type FeedbackKit = typeof import('./feedback-kit.ts');

let loading: Promise<FeedbackKit> | null = null;
let loaded: FeedbackKit | null = null;

/**
 * Loads antd-mobile's Toast and Dialog. The app asks for them once the first screen is up (so a
 * later 网络异常 still shows when the network is gone); a failed load is tried again next time.
 */
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
 * Runs `use` with the pop-up kit: at once when it is loaded, else as soon as it arrives. When it
 * cannot be loaded the message goes to the console (there is nothing left to show it with).
 */
export function withFeedbackKit(use: (kit: FeedbackKit) => void): void {
  if (loaded) {
    use(loaded);
    return;
  }
  loadFeedbackKit().then(use, (error: unknown) => console.error(error));
}
