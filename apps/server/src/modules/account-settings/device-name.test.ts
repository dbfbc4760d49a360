import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-name.ts';

describe('describeDevice', () => {
  it('names the phone and the browser or app', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPhone · Safari');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 13; V2219A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40',
      ),
    ).toBe('Android 手机 · 微信');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/118.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPad · Chrome');
  });

  it('says 未知设备 when there is nothing to go on', () => {
    expect(describeDevice(null)).toBe('未知设备');
    expect(describeDevice('curl/8.5.0')).toBe('未知设备');
  });
});
