/**
 * Calls `leave` when the page is hidden (another tab or app, the phone locked) or left
 * (`pagehide`): the last moment to save what would be lost, with the request layer's
 * `sendOnLeave`. `visibility`, when given, hears each change after it (false on hiding, true on
 * showing again). Answers the function that stops listening.
 */
export function listenPageLeave(
  leave: () => void,
  visibility?: (visible: boolean) => void,
): () => void {
  const handleVisibility = () => {
    const visible = document.visibilityState !== 'hidden';
    if (!visible) leave();
    visibility?.(visible);
  };
  document.addEventListener('visibilitychange', handleVisibility);
  window.addEventListener('pagehide', leave);
  return () => {
    document.removeEventListener('visibilitychange', handleVisibility);
    window.removeEventListener('pagehide', leave);
  };
}
