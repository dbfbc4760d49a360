import { describe, expect, it } from 'vitest';
import {
  pictureAtLeast,
  pictureName,
  pictureSources,
  pictureSrcSet,
  smallerPictureWidths,
} from './pictures.ts';

describe('picture widths', () => {
  it('keeps the smaller widths that save at least a fifth', () => {
    expect(smallerPictureWidths(1600)).toEqual([480, 960]);
    expect(smallerPictureWidths(1200)).toEqual([480, 960]);
    expect(smallerPictureWidths(1000)).toEqual([480]);
    expect(smallerPictureWidths(500)).toEqual([]);
  });

  it('names every kept width in the srcset, the largest last', () => {
    const url = `/files/admin/jingan/${pictureName('AbCdEfGhIjKlMnOpQrStUv', 1600)}`;
    expect(pictureSrcSet(url)).toBe(
      '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w480.webp 480w, ' +
        '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w960.webp 960w, ' +
        '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w1600.webp 1600w',
    );
    expect(pictureSrcSet('/files/a/x.w500.webp')).toBe('/files/a/x.w500.webp 500w');
  });

  it('has no srcset for a picture without widths', () => {
    expect(pictureSrcSet('/files/covers/course-1.svg')).toBeUndefined();
    expect(pictureSrcSet('/files/avatars/AbCdEfGhIjKlMnOpQrStUv.webp')).toBeUndefined();
    expect(pictureSrcSet(null)).toBeUndefined();
    expect(pictureSrcSet('')).toBeUndefined();
  });
});

describe('pictureSources', () => {
  it('offers every kept width of an uploaded picture for the size it is shown at', () => {
    expect(
      pictureSources('/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w1200.webp', '128px'),
    ).toEqual({
      srcSet:
        '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w480.webp 480w, ' +
        '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w960.webp 960w, ' +
        '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w1200.webp 1200w',
      sizes: '128px',
    });
  });

  it('adds nothing to a picture kept at one width', () => {
    expect(pictureSources('/files/covers/course-3.svg', '128px')).toEqual({});
    expect(pictureSources(undefined, '100vw')).toEqual({});
  });
});

describe('pictureAtLeast', () => {
  it('takes the smallest kept width that is wide enough', () => {
    const url = '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w1600.webp';
    expect(pictureAtLeast(url, 192)).toBe('/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w480.webp');
    expect(pictureAtLeast(url, 750)).toBe('/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w960.webp');
    expect(pictureAtLeast(url, 1200)).toBe(url);
    expect(pictureAtLeast('/files/covers/x.svg', 192)).toBe('/files/covers/x.svg');
  });
});
