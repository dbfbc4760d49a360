import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterChips, filterSearch } from './filter-chips.tsx';

afterEach(cleanup);

describe('FilterChips', () => {
  it('shows every option as a toggle in a named group, the chosen one pressed, with its count', () => {
    const onChange = vi.fn();
    render(
      <FilterChips
        legend="电子书分类"
        options={[
          { value: 0, label: '全部', count: 12 },
          { value: 3, label: '科普', count: 5 },
        ]}
        value={0}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', { name: '电子书分类' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部 12' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: '科普 5' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});

describe('filterSearch', () => {
  it('writes only the filters that are set and not at their default', () => {
    expect(filterSearch({}).toString()).toBe('');
    expect(filterSearch({ state: 'ended', channelId: 3 }).toString()).toBe(
      'state=ended&channelId=3',
    );
    expect(filterSearch({ kind: undefined, status: null, keyword: '' }).toString()).toBe('');
    expect(filterSearch({ sort: 'newest', categoryId: 2 }, { sort: 'newest' }).toString()).toBe(
      'categoryId=2',
    );
  });
});
