import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveStateBadge } from './live-state-badge.tsx';

describe('LiveStateBadge', () => {
  it('names each state and marks live apart', () => {
    const { rerender } = render(<LiveStateBadge state="live" />);
    expect(screen.getByText('直播中').className).toContain('live-badge-live');
    rerender(<LiveStateBadge state="upcoming" />);
    expect(screen.getByText('预告').className).toContain('live-badge-upcoming');
    rerender(<LiveStateBadge state="ended" />);
    expect(screen.getByText('已结束').className).toContain('live-badge-ended');
  });
});
