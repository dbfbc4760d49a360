import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabList, tabId } from './tabs.tsx';

afterEach(cleanup);

describe('TabList', () => {
  it('marks the chosen tab selected, points each at the panel and reports a choice', () => {
    const onChange = vi.fn();
    render(
      <TabList
        label="课表与我的日程"
        tabs={[
          { key: 'timetable', label: '课表' },
          { key: 'mine', label: '我的日程' },
        ]}
        value="timetable"
        onChange={onChange}
        idPrefix="timetable-tab"
        panelId="timetable-panel"
        look="segmented"
      />,
    );
    const chosen = screen.getByRole('tab', { name: '课表' });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(chosen.id).toBe(tabId('timetable-tab', 'timetable'));
    expect(chosen.getAttribute('aria-controls')).toBe('timetable-panel');
    fireEvent.click(screen.getByRole('tab', { name: '我的日程' }));
    expect(onChange).toHaveBeenCalledWith('mine');
  });
});
