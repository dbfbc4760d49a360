/**
 * Every browser storage key of the portal (spec section 3), with its meaning.
 * `localStorage` keeps what must outlive the tab and the trip to the login page.
 */
export const StorageKey = {
  /** The login bearer token. */
  token: 'token',
  /** JSON of the learner's public profile. */
  userInfo: 'userInfo',
  /** Device fingerprint, computed once from browser properties. */
  finger: 'X-FINGER',
  /** The address to come back to after login. */
  loginCallBack: 'loginCallBack',
  /** '1' when the learner switched on elder mode (长辈模式) in the mine area. */
  elderMode: 'elderMode',
  /** JSON array of the learner's recent search terms on this device, newest first (at most 10). */
  searchHistory: 'searchHistory',
  /** JSON of where the learner left each long article on this device (the 50 latest). */
  readingPositions: 'readingPositions',
  /** '1' when the learner chose 只听声音 for a video lesson: the next ones open listening. */
  lessonListenOnly: 'lessonListenOnly',
} as const;

/** `sessionStorage` keys: they last one browsing session. */
export const SessionKey = {
  /** The current address with the 'index/home' part removed. */
  shareUrl: 'shareUrl',
  /** The first address visited in the session, recorded once. */
  firstUrl: 'firstUrl',
  /** The entry script of the build that last reloaded the page for a missing chunk (once a build). */
  chunkReload: 'chunkReload',
} as const;

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can be unavailable (private mode, quota); the app still works without it.
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => sessionStorage.removeItem(key), undefined),
};
