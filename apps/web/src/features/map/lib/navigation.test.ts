import { describe, expect, it } from 'vitest';
import { navigationUrl } from './navigation.ts';

const LIBRARY = { name: '静安区图书馆', address: '新闸路1702号', lat: 31.2376, lng: 121.4508 };

describe('navigationUrl', () => {
  it('hands Android phones a geo: URI with the coordinates and the labelled place', () => {
    const url = navigationUrl(LIBRARY, 'Mozilla/5.0 (Linux; Android 14; Pixel 8)');
    expect(url).toBe(
      `geo:31.237600,121.450800?q=31.237600,121.450800(${encodeURIComponent('静安区图书馆 新闸路1702号')})`,
    );
  });

  it('hands iPhones Apple Maps with the coordinates and the name', () => {
    const url = new URL(navigationUrl(LIBRARY, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)'));
    expect(url.host).toBe('maps.apple.com');
    expect(url.searchParams.get('ll')).toBe('31.237600,121.450800');
    expect(url.searchParams.get('q')).toBe('静安区图书馆 新闸路1702号');
  });
});
