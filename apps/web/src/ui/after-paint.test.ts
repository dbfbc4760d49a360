import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser that reports paints: the first contentful one is reported when `report` is called. */
function reportingBrowser() {
  const observers: Array<() => void> = [];
  let reported = false;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly notify: () => void) {}
    observe() {
      observers.push(this.notify);
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    reported && name === 'first-contentful-paint' ? [{} as PerformanceEntry] : [],
  );
  return {
    report() {
      reported = true;
      for (const notify of observers) notify();
    },
  };
}

/** A fresh copy of the module: it remembers the page's first paint once seen. */
async function freshAfterPaint() {
  vi.resetModules();
  return (await import('./after-paint.ts')).afterPaint;
}

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) =>
      left === 0 ? setTimeout(resolve, 5) : requestAnimationFrame(() => next(left - 1));
    next(count);
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterPaint', () => {
  it('waits for the browser to report the first contentful paint, then runs once', async () => {
    const browser = reportingBrowser();
    const afterPaint = await freshAfterPaint();
    const callback = vi.fn();
    afterPaint(callback);
    await frames(4);
    // Frames went by, but the paint was not reported yet: nothing ran.
    expect(callback).not.toHaveBeenCalled();
    browser.report();
    await vi.waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
  });

  it('runs after two frames where paints are not reported, and never once cancelled', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const afterPaint = await freshAfterPaint();
    const ran = vi.fn();
    const dropped = vi.fn();
    afterPaint(ran);
    afterPaint(dropped)();
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1));
    await frames(3);
    expect(dropped).not.toHaveBeenCalled();
  });
});
