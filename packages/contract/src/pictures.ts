/**
 * Pictures operators upload (covers, banners, photos) are kept as WebP at several widths beside
 * the original, named `<id>.w<width>.webp`. The URL a record holds names the largest width; the
 * smaller ones follow from it, so a page asks for the width it shows (`srcset`/`sizes`).
 */

/** The widths a picture is kept at, in pixels; the largest is also its longest side at most. */
export const PICTURE_WIDTHS = [480, 960, 1600] as const;

/**
 * How wide the portal shows a picture, as the `sizes` of its `<img>` (and of the page's preload
 * of it, which must agree): across the screen, or a book's cover beside its title.
 */
export const PICTURE_SIZES = { wide: '100vw', book: '150px' } as const;

/**
 * How wide a card shows its cover (its `sizes`): half the screen in a grid of columns, the
 * screen's width for a wide cover (a banner card), else its box's width in CSS pixels.
 */
export function cardCoverSizes(column: boolean, width: number): string {
  return column ? '50vw' : width >= 400 ? PICTURE_SIZES.wide : `${width}px`;
}

/** The kept file name of a picture's width: `<id>.w<width>.webp`. */
export const pictureName = (id: string, width: number) => `${id}.w${width}.webp`;

const WIDTH_IN_NAME = /\.w(\d{2,4})\.webp$/;

/**
 * The smaller widths kept besides a picture `largest` pixels wide: each of
 * {@link PICTURE_WIDTHS} at most four fifths of it (a width nearly as large would save little).
 */
export function smallerPictureWidths(largest: number): number[] {
  return PICTURE_WIDTHS.filter((width) => width <= largest * 0.8);
}

/**
 * The `srcset` of a kept picture's URL (every kept width, the largest last), or undefined for a
 * URL that names no width (a drawn cover, an avatar, a picture kept before widths were).
 */
export function pictureSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const match = WIDTH_IN_NAME.exec(url);
  if (!match) return undefined;
  const largest = Number(match[1]);
  const base = url.slice(0, match.index);
  return [
    ...smallerPictureWidths(largest).map((width) => `${base}.w${width}.webp ${width}w`),
    `${url} ${largest}w`,
  ].join(', ');
}

/**
 * The URL of a kept picture's smallest width of at least `width` pixels (its largest when none
 * is that wide), or `url` itself for a picture kept at one width: for a thumbnail whose larger
 * view (a preview) takes the whole picture.
 */
export function pictureAtLeast(url: string, width: number): string {
  const match = WIDTH_IN_NAME.exec(url);
  if (!match) return url;
  const wide = smallerPictureWidths(Number(match[1])).find((kept) => kept >= width);
  return wide ? `${url.slice(0, match.index)}.w${wide}.webp` : url;
}

/**
 * The `srcSet` and `sizes` of a picture shown `sizes` wide, so the browser downloads the kept
 * width it needs; nothing for a picture kept at one width. Spread it before `src`: React sets
 * attributes in the order of the props, and a `src` set alone first starts the largest width's
 * download, which Chromium then keeps showing.
 */
export function pictureSources(
  url: string | null | undefined,
  sizes: string,
): { srcSet?: string; sizes?: string } {
  const srcSet = pictureSrcSet(url);
  return srcSet ? { srcSet, sizes } : {};
}
