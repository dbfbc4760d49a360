import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DesktopNotice } from './desktop-notice.tsx';

const HREF = 'https://learn.example.cn/scourseDetail?id=7';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DesktopNotice', () => {
  it('asks for a phone or tablet and shows a QR code of this page', () => {
    render(<DesktopNotice siteName="静安学习网" portalUrl={null} href={HREF} />);
    expect(screen.getByRole('heading', { name: '静安学习网' })).toBeTruthy();
    expect(screen.getByText(/请使用手机或平板访问/)).toBeTruthy();
    expect(screen.getByText('用手机扫描二维码打开本页')).toBeTruthy();
    const qr = screen.getByRole('img', { name: '本页二维码' });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;utf8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('has no portal link when no portal is configured', () => {
    render(<DesktopNotice siteName="静安学习网" portalUrl={null} href={HREF} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links to the desktop portal when one is configured, through the portal helper', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render(<DesktopNotice siteName="静安学习网" portalUrl="https://www.example.cn/" href={HREF} />);
    const link = screen.getByRole('link', { name: '前往电脑版学习网' });
    expect(link.getAttribute('href')).toBe('https://www.example.cn/');
    fireEvent.click(link);
    expect(assign).toHaveBeenCalledWith('https://www.example.cn/');
  });
});
