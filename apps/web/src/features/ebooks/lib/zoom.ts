/** The smallest zoom: half the fitted width (a whole page and some margin in view). */
export const MIN_ZOOM = 0.5;
/** The largest zoom: four times the fitted width, enough to read small print on a phone. */
export const MAX_ZOOM = 4;
/** One tap on + or − changes the zoom by this factor. */
export const ZOOM_STEP = 1.25;

/**
 * A zoom kept within {@link MIN_ZOOM}..{@link MAX_ZOOM} and rounded to two decimals (so the
 * buttons land back on exactly 1 after + then −). 1 is the page fitted to the screen's width.
 */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  const clamped = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
  return Math.round(clamped * 100) / 100;
}

/** The next zoom for the + (`1`) or − (`-1`) button. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return clampZoom(direction === 1 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP);
}

/**
 * The canvas resolution for a page of `cssWidth` x `cssHeight` CSS pixels: the device pixel
 * ratio capped at 2 (sharper buys nothing on a phone), and lower still when the canvas would
 * pass `maxPixels` (phones refuse or crash on very large canvases, and memory is short).
 */
export function outputScale(
  devicePixelRatio: number,
  cssWidth: number,
  cssHeight: number,
  maxPixels = 4_000_000,
): number {
  const ratio = Math.min(2, Math.max(1, devicePixelRatio || 1));
  const area = cssWidth * cssHeight;
  if (area <= 0) return ratio;
  return Math.min(ratio, Math.sqrt(maxPixels / area));
}
