import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadingReporter } from './reading-reporter.ts';

function setup(saved: number | null = null) {
  const send = vi.fn<(page: number) => void>();
  const sendOnLeave = vi.fn<(page: number) => void>();
  const reporter = createReadingReporter({ saved, send, sendOnLeave, delayMs: 1000 });
  return { reporter, send, sendOnLeave };
}

describe('createReadingReporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports only the page the learner stops at, after the delay', () => {
    const { reporter, send } = setup();
    reporter.update(2);
    vi.advanceTimersByTime(500);
    reporter.update(3);
    vi.advanceTimersByTime(500);
    reporter.update(4);
    vi.advanceTimersByTime(999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('never sends a page the server already has', () => {
    const { reporter, send } = setup(30);
    reporter.update(30);
    vi.advanceTimersByTime(2000);
    expect(send).not.toHaveBeenCalled();
    reporter.update(31);
    vi.advanceTimersByTime(1000);
    reporter.update(31);
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledExactlyOnceWith(31);
  });

  it('drops a pending report when the learner comes back to the saved page', () => {
    const { reporter, send } = setup(5);
    reporter.update(6);
    reporter.update(5);
    vi.advanceTimersByTime(2000);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a pending page at once on leaving, through the leave channel', () => {
    const { reporter, send, sendOnLeave } = setup(1);
    reporter.update(9);
    reporter.flush(true);
    expect(sendOnLeave).toHaveBeenCalledExactlyOnceWith(9);
    vi.advanceTimersByTime(2000);
    expect(send).not.toHaveBeenCalled();
    reporter.flush(true);
    expect(sendOnLeave).toHaveBeenCalledTimes(1);
  });

  it('sends nothing on leaving when nothing is pending, and forgets a cancelled page', () => {
    const { reporter, send, sendOnLeave } = setup();
    reporter.flush(true);
    reporter.update(3);
    reporter.cancel();
    vi.advanceTimersByTime(2000);
    reporter.flush(false);
    expect(send).not.toHaveBeenCalled();
    expect(sendOnLeave).not.toHaveBeenCalled();
  });
});
