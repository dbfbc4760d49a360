import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichHtml } from './rich-html.tsx';

afterEach(cleanup);

// What the sanitizer removes is checked in real Chromium (e2e/courses.e2e.test.ts): the DOM of
// these unit tests is not one DOMPurify can vouch for.
describe('RichHtml', () => {
  it('shows an empty, busy box until the sanitizer has arrived, then the text', async () => {
    const { container } = render(<RichHtml html="<p>安全的<strong>介绍</strong></p>" />);
    const box = () => container.querySelector('.rich-html');
    expect(box()?.getAttribute('aria-busy')).toBe('true');
    expect(box()?.innerHTML).toBe('');
    await expect.poll(() => box()?.getAttribute('aria-busy') ?? null).toBeNull();
    expect(box()?.textContent).toBe('安全的介绍');
    expect(box()?.querySelector('strong')?.textContent).toBe('介绍');
  });

  it('keeps the class it is given', async () => {
    const { container } = render(<RichHtml html="<p>正文</p>" className="article-body" />);
    await expect.poll(() => container.querySelector('.article-body')?.textContent).toBe('正文');
  });
});
