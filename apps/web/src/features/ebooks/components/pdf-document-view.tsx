import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import {
  type FormEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Callout } from '@/ui/callout.tsx';
import { ProgressTrack } from '@/ui/progress-bar.tsx';
import '@/ui/actions.css';
import { parsePageJump } from '../lib/page-jump.ts';
import { layoutPages, type PageSize, pageIndexAt } from '../lib/page-layout.ts';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, outputScale, stepZoom } from '../lib/zoom.ts';

/** Pages within this distance of the screen (in screen heights) are drawn; others are released. */
const NEAR_MARGIN = '150% 0px 150% 0px';
/** Pages drawn at the same time (the worker draws one at a time; two keep it busy). */
const CONCURRENT_RENDERS = 2;
/** After a zoom, the pages are drawn again at the new scale once the taps stop. */
const RERENDER_DELAY_MS = 150;

interface PageSlot {
  canvas: HTMLCanvasElement | null;
  /** The scale the canvas was drawn at (0: none). */
  scale: number;
  task: RenderTask | null;
  busy: boolean;
}

/** A point of the document kept under the same spot of the screen across a zoom. */
interface Anchor {
  index: number;
  /** Fractions of the page's width and height. */
  fx: number;
  fy: number;
  /** The spot on the screen (viewport pixels). */
  x: number;
  y: number;
}

interface PinchState {
  distance: number;
  midX: number;
  midY: number;
  factor: number;
}

function distanceOf(touches: ArrayLike<Touch>): number {
  const [a, b] = [touches[0], touches[1]];
  if (!a || !b) return 0;
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

function releaseCanvas(canvas: HTMLCanvasElement) {
  canvas.remove();
  // Phones (iOS above all) keep a detached canvas's memory until its size is zeroed.
  canvas.width = 0;
  canvas.height = 0;
}

/** The bottom of the sticky page header: the top of what the reader sees of the document. */
function headerBottom(): number {
  const header = document.querySelector('.page-header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

interface DocumentViewProps {
  doc: PDFDocumentProxy;
  firstPage: PageSize;
  initialPage: number;
  onPageChange?: (page: number, pageCount: number) => void;
}

/** The pages of an open document, the gestures on them and the reader's toolbar. */
export function PdfDocumentView({ doc, firstPage, initialPage, onPageChange }: DocumentViewProps) {
  const pageCount = doc.numPages;
  const initialIndex = Math.min(pageCount, Math.max(1, Math.round(initialPage))) - 1;
  // Until a page is fetched its size is taken from the first page (books rarely mix sizes).
  const [sizes, setSizes] = useState<PageSize[]>(() =>
    Array.from({ length: pageCount }, () => firstPage),
  );
  const [zoom, setZoom] = useState(1);
  const [columnWidth, setColumnWidth] = useState(0);
  const [current, setCurrent] = useState(initialIndex + 1);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());

  const rootRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const columnRef = useRef<HTMLDivElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);

  const fitScale = columnWidth > 0 ? (columnWidth - 16) / firstPage.width : 0;
  const scale = fitScale * zoom;
  const layout = useMemo(() => layoutPages(sizes, scale, columnWidth), [sizes, scale, columnWidth]);

  // What the imperative parts (observer, renderer, gestures) read: always the latest.
  const live = useRef({ layout, scale, sizes, current, zoom });
  live.current = { layout, scale, sizes, current, zoom };
  const slots = useRef(new Map<number, PageSlot>()).current;
  const elements = useRef(new Map<number, HTMLDivElement>()).current;
  const near = useRef(new Set<number>()).current;
  const running = useRef(0);
  const anchorRef = useRef<Anchor | null>(null);
  const positioned = useRef(false);
  const firstDrawn = useRef(false);
  const pinch = useRef<PinchState | null>(null);
  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;

  const slotOf = useCallback(
    (index: number): PageSlot => {
      let slot = slots.get(index);
      if (!slot) {
        slot = { canvas: null, scale: 0, task: null, busy: false };
        slots.set(index, slot);
      }
      return slot;
    },
    [slots],
  );

  /** The anchor for a spot of the screen: the page under it and where on that page it is. */
  const anchorAt = useCallback((x: number, y: number): Anchor | null => {
    const column = columnRef.current;
    if (!column) return null;
    const rect = column.getBoundingClientRect();
    const { layout: now } = live.current;
    const index = pageIndexAt(now, y - rect.top);
    const top = now.tops[index] ?? 0;
    const left = now.lefts[index] ?? 0;
    const width = now.widths[index] ?? 1;
    const height = now.heights[index] ?? 1;
    return {
      index,
      fx: (x - rect.left - left) / width,
      fy: (y - rect.top - top) / height,
      x,
      y,
    };
  }, []);

  /** The spot the reader looks at: the middle of the screen between header and toolbar. */
  const focusPoint = useCallback(() => {
    const top = headerBottom();
    const bottom = toolbarRef.current?.getBoundingClientRect().top ?? window.innerHeight;
    const scroller = scrollerRef.current?.getBoundingClientRect();
    const x = scroller ? scroller.left + scroller.width / 2 : window.innerWidth / 2;
    return { x, y: top + (bottom - top) / 2 };
  }, []);

  const keepFocusAnchored = useCallback(() => {
    const point = focusPoint();
    anchorRef.current = anchorAt(point.x, point.y);
  }, [anchorAt, focusPoint]);

  const release = useCallback(
    (index: number) => {
      const slot = slots.get(index);
      if (!slot) return;
      slot.task?.cancel();
      if (slot.canvas) releaseCanvas(slot.canvas);
      slot.canvas = null;
      slot.scale = 0;
      const element = elements.get(index);
      if (element) delete element.dataset.rendered;
    },
    [slots, elements],
  );

  const pumpRef = useRef<() => void>(() => {});

  /** Draws page `index` at the current scale into a new canvas, swapped in when done. */
  const renderPage = useCallback(
    async (index: number) => {
      const slot = slotOf(index);
      const target = live.current.scale;
      slot.busy = true;
      running.current += 1;
      let canvas: HTMLCanvasElement | null = null;
      try {
        const page = await doc.getPage(index + 1);
        const natural = page.getViewport({ scale: 1 });
        const known = live.current.sizes[index];
        if (
          known &&
          (Math.abs(known.width - natural.width) > 0.5 ||
            Math.abs(known.height - natural.height) > 0.5)
        ) {
          // A page of another size: fix the layout, keeping what the reader looks at in place.
          keepFocusAnchored();
          setSizes((previous) => {
            const next = previous.slice();
            next[index] = { width: natural.width, height: natural.height };
            return next;
          });
        }
        const viewport = page.getViewport({ scale: target });
        const ratio = outputScale(window.devicePixelRatio, viewport.width, viewport.height);
        canvas = document.createElement('canvas');
        canvas.className = 'pdf-canvas';
        canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
        canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
        canvas.setAttribute('aria-hidden', 'true');
        const task = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        slot.task = task;
        await task.promise;
        const element = elements.get(index);
        if (!near.has(index) || !element) {
          releaseCanvas(canvas);
          return;
        }
        if (slot.canvas) releaseCanvas(slot.canvas);
        element.append(canvas);
        slot.canvas = canvas;
        slot.scale = target;
        element.dataset.rendered = 'true';
        if (!firstDrawn.current) {
          firstDrawn.current = true;
          performance.mark('pdf-first-page');
        }
      } catch (error) {
        if (canvas) releaseCanvas(canvas);
        if ((error as { name?: unknown } | null)?.name === 'RenderingCancelledException') return;
        // The document was closed (the reader left): nothing to show.
        if (!positioned.current || doc.loadingTask.destroyed) return;
        setFailed((previous) => new Set(previous).add(index));
      } finally {
        slot.task = null;
        slot.busy = false;
        running.current -= 1;
        if (!doc.loadingTask.destroyed) pumpRef.current();
      }
    },
    [doc, slotOf, elements, near, keepFocusAnchored],
  );

  /** Starts drawing the near pages that need it, nearest to the current page first. */
  const pump = useCallback(() => {
    const { scale: target, current: page } = live.current;
    if (target <= 0) return;
    const waiting = [...near]
      .filter((index) => {
        const slot = slotOf(index);
        return !slot.busy && slot.scale !== target && !failed.has(index);
      })
      .sort((a, b) => Math.abs(a - (page - 1)) - Math.abs(b - (page - 1)));
    for (const index of waiting) {
      if (running.current >= CONCURRENT_RENDERS) break;
      void renderPage(index);
    }
  }, [near, slotOf, failed, renderPage]);
  pumpRef.current = pump;

  const [observer] = useState(() =>
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const index = Number((entry.target as HTMLElement).dataset.index);
              if (entry.isIntersecting) near.add(index);
              else if (near.delete(index)) release(index);
            }
            pumpRef.current();
          },
          { rootMargin: NEAR_MARGIN },
        ),
  );

  const observePage = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const index = Number(element.dataset.index);
      elements.set(index, element);
      observer?.observe(element);
      return () => {
        observer?.unobserve(element);
        elements.delete(index);
      };
    },
    [observer, elements],
  );

  // Close everything with the document: observers, drawings and canvases.
  useEffect(
    () => () => {
      observer?.disconnect();
      for (const index of slots.keys()) release(index);
      near.clear();
    },
    [observer, slots, near, release],
  );

  // The column's width follows the screen (and a turn of the phone).
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    setColumnWidth(root.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(() => {
      if (root.clientWidth === 0) return;
      setColumnWidth((previous) => {
        if (previous !== root.clientWidth && positioned.current) keepFocusAnchored();
        return root.clientWidth;
      });
    });
    resize.observe(root);
    return () => resize.disconnect();
  }, [keepFocusAnchored]);

  const scrollToIndex = useCallback((index: number) => {
    const column = columnRef.current;
    if (!column) return;
    const top = live.current.layout.tops[index] ?? 0;
    const y = window.scrollY + column.getBoundingClientRect().top + top - headerBottom() - 4;
    window.scrollTo({ top: Math.max(0, y), behavior: 'instant' });
  }, []);

  // Open at the initial page once laid out; after a zoom or a resize keep the anchor in place.
  useLayoutEffect(() => {
    if (layout.width === 0 || scale <= 0) return;
    if (!positioned.current) {
      scrollToIndex(initialIndex);
      positioned.current = true;
      return;
    }
    const anchor = anchorRef.current;
    const column = columnRef.current;
    anchorRef.current = null;
    if (!anchor || !column) return;
    const rect = column.getBoundingClientRect();
    const y =
      rect.top + (layout.tops[anchor.index] ?? 0) + anchor.fy * (layout.heights[anchor.index] ?? 0);
    const x =
      rect.left +
      (layout.lefts[anchor.index] ?? 0) +
      anchor.fx * (layout.widths[anchor.index] ?? 0);
    window.scrollBy({ top: y - anchor.y, behavior: 'instant' });
    if (scrollerRef.current) scrollerRef.current.scrollLeft += x - anchor.x;
  }, [layout, scale, initialIndex, scrollToIndex]);

  // After a zoom, draw the near pages again at the new scale once the taps stop.
  useEffect(() => {
    if (scale <= 0) return;
    const timer = setTimeout(() => pumpRef.current(), RERENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [scale]);

  // The current page: the one that fills most of the screen (the last one at the very bottom).
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const column = columnRef.current;
      if (!column || !positioned.current) return;
      const { layout: now } = live.current;
      const rect = column.getBoundingClientRect();
      const top = headerBottom();
      const bottom = toolbarRef.current?.getBoundingClientRect().top ?? window.innerHeight;
      const atEnd =
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2 &&
        window.scrollY > 0;
      let best = pageIndexAt(now, top - rect.top);
      if (atEnd) {
        best = now.tops.length - 1;
      } else {
        let bestSeen = -1;
        const last = pageIndexAt(now, bottom - rect.top);
        for (let index = best; index <= last; index += 1) {
          const pageTop = rect.top + (now.tops[index] ?? 0);
          const pageBottom = pageTop + (now.heights[index] ?? 0);
          const seen = Math.min(bottom, pageBottom) - Math.max(top, pageTop);
          if (seen > bestSeen + 1) {
            bestSeen = seen;
            best = index;
          }
        }
      }
      setCurrent(best + 1);
    };
    const handleScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    window.addEventListener('resize', handleScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', handleScroll);
      window.removeEventListener('resize', handleScroll);
    };
  }, []);

  useEffect(() => {
    if (positioned.current) onPageChangeRef.current?.(current, pageCount);
    pumpRef.current();
  }, [current, pageCount]);

  const changeZoom = (next: number) => {
    const value = clampZoom(next);
    if (value === live.current.zoom) return;
    keepFocusAnchored();
    setZoom(value);
  };

  // Pinch: the column follows the fingers with a CSS transform, and is drawn again on release.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const column = columnRef.current;
    if (!scroller || !column) return;
    const handleStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      const [a, b] = [event.touches[0], event.touches[1]];
      if (!a || !b) return;
      const midX = (a.clientX + b.clientX) / 2;
      const midY = (a.clientY + b.clientY) / 2;
      const rect = column.getBoundingClientRect();
      pinch.current = { distance: distanceOf(event.touches), midX, midY, factor: 1 };
      anchorRef.current = null;
      column.style.transformOrigin = `${midX - rect.left}px ${midY - rect.top}px`;
    };
    const handleMove = (event: TouchEvent) => {
      const state = pinch.current;
      if (!state || event.touches.length !== 2 || state.distance === 0) return;
      if (event.cancelable) event.preventDefault();
      follow(state, distanceOf(event.touches));
    };
    const follow = (state: PinchState, distance: number) => {
      const { zoom: now } = live.current;
      const wanted = distance / state.distance;
      state.factor = Math.min(MAX_ZOOM / now, Math.max(MIN_ZOOM / now, wanted));
      column.style.transform = `scale(${state.factor})`;
    };
    const handleEnd = (event: TouchEvent) => {
      const state = pinch.current;
      if (!state || event.touches.length >= 2) return;
      pinch.current = null;
      // Where the fingers were as they lifted (the lifted ones are in changedTouches): the last
      // moves may not have reached the page (browsers thin them out while busy).
      const last = [...Array.from(event.touches), ...Array.from(event.changedTouches)];
      if (last.length >= 2 && state.distance > 0) follow(state, distanceOf(last));
      // The anchor is taken from the untransformed column: the spot between the fingers.
      column.style.transform = '';
      const next = clampZoom(live.current.zoom * state.factor);
      if (next === live.current.zoom) return;
      anchorRef.current = anchorAt(state.midX, state.midY);
      setZoom(next);
    };
    scroller.addEventListener('touchstart', handleStart, { passive: true });
    scroller.addEventListener('touchmove', handleMove, { passive: false });
    scroller.addEventListener('touchend', handleEnd);
    scroller.addEventListener('touchcancel', handleEnd);
    return () => {
      scroller.removeEventListener('touchstart', handleStart);
      scroller.removeEventListener('touchmove', handleMove);
      scroller.removeEventListener('touchend', handleEnd);
      scroller.removeEventListener('touchcancel', handleEnd);
    };
  }, [anchorAt]);

  const handleRetryPage = (index: number) => {
    setFailed((previous) => {
      const next = new Set(previous);
      next.delete(index);
      return next;
    });
    release(index);
    setTimeout(() => pumpRef.current(), 0);
  };

  return (
    <div className="pdf-viewer" ref={rootRef}>
      <div className="pdf-scroller" ref={scrollerRef}>
        <div
          className="pdf-column"
          ref={columnRef}
          style={{ width: layout.width, height: layout.height }}
        >
          {columnWidth > 0
            ? layout.tops.map((top, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: a page's number is its identity
                  key={index}
                  ref={observePage}
                  className="pdf-page"
                  data-index={index}
                  data-page-number={index + 1}
                  role="img"
                  aria-label={`第 ${index + 1} 页`}
                  style={{
                    top,
                    left: layout.lefts[index],
                    width: layout.widths[index],
                    height: layout.heights[index],
                  }}
                >
                  {failed.has(index) ? (
                    <button
                      type="button"
                      className="pdf-page-retry"
                      onClick={() => handleRetryPage(index)}
                    >
                      第 {index + 1} 页没有显示出来
                      <span>轻点重试</span>
                    </button>
                  ) : (
                    <span className="pdf-page-label" aria-hidden="true">
                      {index + 1}
                    </span>
                  )}
                </div>
              ))
            : null}
        </div>
      </div>
      <ReaderToolbar
        ref={toolbarRef}
        current={current}
        pageCount={pageCount}
        zoom={zoom}
        onZoom={changeZoom}
        onJump={(page) => {
          scrollToIndex(page - 1);
          setCurrent(page);
        }}
      />
    </div>
  );
}

interface ToolbarProps {
  ref: React.Ref<HTMLDivElement>;
  current: number;
  pageCount: number;
  zoom: number;
  onZoom: (zoom: number) => void;
  onJump: (page: number) => void;
}

/** The reader's bar at the bottom: where the learner is, zoom, and a page jump. */
function ReaderToolbar({ ref, current, pageCount, zoom, onZoom, onJump }: ToolbarProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const percent = Math.round((current / pageCount) * 100);

  const handleJump = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = parsePageJump(value, pageCount);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setValue('');
    // The keyboard goes away so the page shows whole.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onJump(result.page);
  };

  return (
    <div className="bottom-bar action-bar stacked pdf-toolbar" ref={ref}>
      {error ? (
        <Callout tone="danger" compact role="alert" id="pdf-jump-error">
          {error}
        </Callout>
      ) : null}
      <div className="pdf-toolbar-status">
        <span className="pdf-page-indicator" aria-live="polite">
          第 {current} / {pageCount} 页
        </span>
        <ProgressTrack
          classPrefix="progress"
          label="阅读进度"
          percent={percent}
          valueText={`第 ${current} 页，共 ${pageCount} 页，${percent}%`}
        />
        <span className="pdf-progress-percent">{percent}%</span>
      </div>
      <div className="pdf-toolbar-actions">
        <fieldset className="pdf-zoom">
          <legend className="sr-only">缩放</legend>
          <button
            type="button"
            className="tool-button pdf-tool-button"
            aria-label="缩小"
            disabled={zoom <= MIN_ZOOM}
            onClick={() => onZoom(stepZoom(zoom, -1))}
          >
            −
          </button>
          <button
            type="button"
            className="tool-button pdf-tool-button pdf-fit"
            aria-pressed={zoom === 1}
            onClick={() => onZoom(1)}
          >
            适应宽度
          </button>
          <button
            type="button"
            className="tool-button pdf-tool-button"
            aria-label="放大"
            disabled={zoom >= MAX_ZOOM}
            onClick={() => onZoom(stepZoom(zoom, 1))}
          >
            +
          </button>
        </fieldset>
        <form className="pdf-jump" onSubmit={handleJump} noValidate>
          <label htmlFor="pdf-jump-input" className="sr-only">
            跳转到第几页
          </label>
          <input
            id="pdf-jump-input"
            className="pdf-jump-input"
            inputMode="numeric"
            enterKeyHint="go"
            autoComplete="off"
            placeholder="页码"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'pdf-jump-error' : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
          />
          <button type="submit" className="tool-button pdf-tool-button pdf-jump-button">
            跳转
          </button>
        </form>
      </div>
    </div>
  );
}
