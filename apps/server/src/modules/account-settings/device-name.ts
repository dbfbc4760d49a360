/** What a User-Agent says of the device, first match wins. */
const DEVICES: readonly [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/HarmonyOS|OpenHarmony/, '鸿蒙设备'],
  [/Android.*Mobile|Android/, 'Android 手机'],
  [/Windows/, 'Windows 电脑'],
  [/Macintosh|Mac OS X/, 'Mac 电脑'],
  [/Linux/, 'Linux 电脑'],
];

/** What it says of the app or browser; in-app browsers before the engines they are built on. */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger/, '微信'],
  [/DingTalk/, '钉钉'],
  [/\bQQ\//, 'QQ'],
  [/MQQBrowser/, 'QQ 浏览器'],
  [/UCBrowser/, 'UC 浏览器'],
  [/HuaweiBrowser/, '华为浏览器'],
  [/MiuiBrowser/, '小米浏览器'],
  [/EdgA?\//, 'Edge'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/CriOS|Chrome/, 'Chrome'],
  [/Safari/, 'Safari'],
];

const firstMatch = (text: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/** A short Chinese description of a device from its User-Agent, e.g. `iPhone · 微信`. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const device = firstMatch(userAgent, DEVICES);
  const browser = firstMatch(userAgent, BROWSERS);
  if (device && browser) return `${device} · ${browser}`;
  return device ?? browser ?? '未知设备';
}
