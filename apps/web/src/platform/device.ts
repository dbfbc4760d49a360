/** User agents of phones and tablets (spec section 1), case-insensitive. */
const MOBILE_AGENT = /iPhone|iPad|iPod|Android|\((?:Phone|Tablet); OpenHarmony/i;

/**
 * Whether the browser runs on a phone or tablet: iPhone, iPad, iPod and Android user agents.
 * iPadOS 13+ reports a desktop Macintosh agent, so a touch-capable "Macintosh" counts as an iPad.
 * HarmonyOS NEXT phones and tablets no longer say "Android"; their `(Phone|Tablet; OpenHarmony`
 * agent counts too, while its 2-in-1 `(PC; OpenHarmony` agent does not.
 */
export function isMobileDevice(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints,
): boolean {
  if (MOBILE_AGENT.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
