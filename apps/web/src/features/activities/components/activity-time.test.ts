import { describe, expect, it } from 'vitest';
import { activityTimeText } from './activity-time.ts';

// Local times (no zone suffix), so the test reads the same on any machine.
describe('when an activity takes place', () => {
  it('shows one day once, with its hours', () => {
    expect(activityTimeText('2026-11-25T14:00:00', '2026-11-25T16:30:00')).toBe(
      '2026.11.25 14:00-16:30',
    );
  });

  it('shows several days as a range without the second year', () => {
    expect(activityTimeText('2026-11-25T09:00:00', '2026-12-05T17:00:00')).toBe('2026.11.25-12.05');
    expect(activityTimeText('2026-11-25T09:00:00', '2026-12-05T17:00:00', true)).toBe(
      '2026.11.25 09:00-12.05 17:00',
    );
  });

  it('keeps both years across a new year', () => {
    expect(activityTimeText('2026-12-30T09:00:00', '2027-01-02T17:00:00')).toBe(
      '2026.12.30-2027.01.02',
    );
  });
});
