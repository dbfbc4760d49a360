import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchResultCard } from './search-result-card.tsx';

describe('SearchResultCard', () => {
  it('links to the detail and marks the matched parts of the title', () => {
    render(
      <MemoryRouter>
        <SearchResultCard
          result={{
            type: 'class',
            id: 12,
            title: '书法入门周末班',
            cover: '/c.svg',
            subtitle: '2026年冬季 · 书画室',
            highlights: [
              { text: '书法', match: true },
              { text: '入门周末班', match: false },
            ],
          }}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /入门周末班/ });
    expect(link.getAttribute('href')).toBe('/classDetails?id=12');
    expect(link.querySelector('mark')?.textContent).toBe('书法');
  });
});
