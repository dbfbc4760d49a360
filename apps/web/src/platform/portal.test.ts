import { describe, expect, it, vi } from 'vitest';
import { goToPortal, portalAddress } from './portal.ts';

const PORTAL = 'https://www.shlll.net/';

describe('portalAddress', () => {
  it('takes an absolute http(s) address over the portal host', () => {
    expect(portalAddress('https://other.example.cn/course?id=1', PORTAL)).toBe(
      'https://other.example.cn/course?id=1',
    );
    expect(portalAddress('http://pc.example.cn/', PORTAL)).toBe('http://pc.example.cn/');
  });

  it('goes to the portal host for a relative or missing address', () => {
    expect(portalAddress('/course?id=1', PORTAL)).toBe(PORTAL);
    expect(portalAddress('course', PORTAL)).toBe(PORTAL);
    expect(portalAddress(undefined, PORTAL)).toBe(PORTAL);
    expect(portalAddress('', PORTAL)).toBe(PORTAL);
  });

  it('is null when no portal is configured and the address is not absolute', () => {
    expect(portalAddress(undefined, null)).toBeNull();
    expect(portalAddress('/course', null)).toBeNull();
    expect(portalAddress('https://pc.example.cn/', null)).toBe('https://pc.example.cn/');
  });

  it('never yields a javascript: or other non-http(s) address', () => {
    expect(portalAddress('javascript:alert(1)', PORTAL)).toBe(PORTAL);
    expect(portalAddress('JavaScript:alert(1)', null)).toBeNull();
    expect(portalAddress('data:text/html,<script>alert(1)</script>', null)).toBeNull();
    expect(portalAddress(undefined, 'javascript:alert(1)')).toBeNull();
  });
});

describe('goToPortal', () => {
  it('navigates a desktop browser to an absolute address', () => {
    const assign = vi.fn();
    expect(
      goToPortal('https://pc.example.cn/a', { mobile: false, portalUrl: PORTAL, assign }),
    ).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://pc.example.cn/a');
  });

  it('sends a relative address to the portal host', () => {
    const assign = vi.fn();
    expect(goToPortal('/a', { mobile: false, portalUrl: PORTAL, assign })).toBe(true);
    expect(assign).toHaveBeenCalledWith(PORTAL);
  });

  it('does nothing on phones and tablets', () => {
    const assign = vi.fn();
    expect(goToPortal('https://pc.example.cn/a', { mobile: true, portalUrl: PORTAL, assign })).toBe(
      false,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('does nothing without an address or a portal', () => {
    const assign = vi.fn();
    expect(goToPortal(undefined, { mobile: false, portalUrl: null, assign })).toBe(false);
    expect(goToPortal('javascript:alert(1)', { mobile: false, portalUrl: null, assign })).toBe(
      false,
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
