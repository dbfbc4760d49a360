import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './device.ts';

const AGENTS = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPhoneWeChat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  harmonyOs4Phone:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; ALN-AL00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  harmonyNextPhone:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
  harmonyNextTablet:
    'Mozilla/5.0 (Tablet; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  harmonyNextPc:
    'Mozilla/5.0 (PC; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('isMobileDevice', () => {
  it.each([
    'iPhoneSafari',
    'iPhoneWeChat',
    'iPad',
    'iPod',
    'androidChrome',
    'androidTablet',
    'harmonyOs4Phone',
    'harmonyNextPhone',
    'harmonyNextTablet',
  ] as const)('shows the site on %s', (name) => {
    expect(isMobileDevice(AGENTS[name], 0)).toBe(true);
  });

  it.each(['windowsChrome', 'macSafari', 'linuxFirefox', 'harmonyNextPc'] as const)(
    'hides the site on %s',
    (name) => {
      expect(isMobileDevice(AGENTS[name], 0)).toBe(false);
    },
  );

  it('matches the agent case-insensitively', () => {
    expect(isMobileDevice('mozilla/5.0 (linux; android 10) mobile', 0)).toBe(true);
    expect(isMobileDevice('MOZILLA/5.0 (IPHONE; CPU IPHONE OS 17_0 LIKE MAC OS X)', 0)).toBe(true);
  });

  it('treats iPadOS 13+ in desktop mode (a Macintosh agent with touch) as a tablet', () => {
    // iPadOS 17 Safari asks for the desktop site by default and says "Macintosh".
    expect(isMobileDevice(AGENTS.macSafari, 5)).toBe(true);
  });

  it('keeps a Mac with a single touch point (or none) on the desktop side', () => {
    expect(isMobileDevice(AGENTS.macSafari, 1)).toBe(false);
    expect(isMobileDevice(AGENTS.windowsChrome, 10)).toBe(false);
  });

  it('reads the browser by default', () => {
    // happy-dom's agent is a desktop Linux one.
    expect(isMobileDevice()).toBe(false);
  });
});
