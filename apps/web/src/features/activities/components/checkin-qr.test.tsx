import { cleanup, render, screen } from '@testing-library/react';
import { encode } from 'uqr';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode, qrPath } from './checkin-qr.tsx';

afterEach(cleanup);

describe('the check-in QR code', () => {
  it('draws one unit square per dark module', () => {
    const { path, size } = qrPath('AB12CD34');
    const dark = encode('AB12CD34', { ecc: 'M', border: 0 }).data.flat().filter(Boolean).length;
    expect(size).toBeGreaterThanOrEqual(21);
    expect(path.match(/M/g)).toHaveLength(dark);
  });

  it('is an image named with its code', () => {
    render(<QrCode text="AB12CD34" label="签到二维码：AB12CD34" />);
    const image = screen.getByRole('img', { name: '签到二维码：AB12CD34' });
    expect(image.tagName.toLowerCase()).toBe('svg');
  });
});
