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
            inside: null,
          }}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /入门周末班/ });
    expect(link.getAttribute('href')).toBe('/classDetails?id=12');
    expect(link.querySelector('mark')?.textContent).toBe('书法');
  });

  it('opens an e-book found by the words inside it at their page, and shows them', () => {
    render(
      <MemoryRouter>
        <SearchResultCard
          result={{
            type: 'ebook',
            id: 7,
            title: '城市阅读指南',
            cover: '/e.svg',
            subtitle: '王老师 · 静安学习网',
            highlights: [{ text: '城市阅读指南', match: false }],
            inside: {
              page: 37,
              excerpt: [
                { text: '…第三部分 ', match: false },
                { text: '终身学习', match: true },
                { text: ' 的城市…', match: false },
              ],
            },
          }}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /城市阅读指南/ });
    expect(link.getAttribute('href')).toBe('/ebookContent?id=7&page=37');
    expect(link.textContent).toContain('第 37 页');
    expect(link.querySelector('.search-card-inside mark')?.textContent).toBe('终身学习');
  });
});
