import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown-line.tsx';

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts down as time passes and asks once for the session when it starts', () => {
    const onStart = vi.fn();
    render(<Countdown startsAt="2026-11-25T10:02:00Z" onStart={onStart} />);
    expect(screen.getByText('2 分钟')).toBeTruthy();
    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByText('1 分钟')).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('0 分钟')).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(onStart).toHaveBeenCalledTimes(1);
  });
});
