import type { TimetableDay } from '@portal/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayStrip } from './day-strip.tsx';

afterEach(cleanup);

const day = (date: string, count: number) =>
  ({ date, sessions: Array.from({ length: count }, () => ({})) }) as TimetableDay;

describe('DayStrip', () => {
  it('names each day with its date and session count, today first and pressed', () => {
    const onChoose = vi.fn();
    render(
      <DayStrip
        days={[day('2026-11-26', 3), day('2026-11-27', 0), day('2026-11-29', 1)]}
        today="2026-11-26"
        chosen="2026-11-26"
        onChoose={onChoose}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      '今天11月26日3 场',
      '明天11月27日无',
      '周日11月29日1 场',
    ]);
    expect(buttons[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(buttons[1]?.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(buttons[2] as HTMLElement);
    expect(onChoose).toHaveBeenCalledWith('2026-11-29');
  });
});
