import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichHtml } from './rich-html.tsx';

afterEach(cleanup);

describe('RichHtml', () => {
  it('shows nothing until the sanitizer has run, then only the sanitized HTML', async () => {
    const { container } = render(
      <RichHtml html='<p>安全的<strong>介绍</strong></p><img src="x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a>' />,
    );
    const box = container.querySelector('.rich-html');
    expect(box?.getAttribute('aria-busy')).toBe('true');
    expect(box?.innerHTML).toBe('');
    await expect.poll(() => box?.getAttribute('aria-busy') ?? null).toBeNull();
    const shown = container.querySelector('.rich-html');
    expect(shown?.textContent).toContain('安全的介绍');
    expect(shown?.querySelector('strong')?.textContent).toBe('介绍');
    expect(shown?.innerHTML).not.toMatch(/onerror|<script|javascript:/);
  });
});
