import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceGate } from './device-gate.tsx';

afterEach(cleanup);

describe('DeviceGate', () => {
  it('shows the app on phones and tablets', () => {
    render(
      <DeviceGate mobile>
        <p>首页</p>
      </DeviceGate>,
    );
    expect(screen.getByText('首页')).toBeTruthy();
  });

  it('hides the app on other devices and shows the notice instead', async () => {
    render(
      <DeviceGate mobile={false}>
        <p>首页</p>
      </DeviceGate>,
    );
    expect(await screen.findByRole('img', { name: '本页二维码' })).toBeTruthy();
    expect(screen.queryByText('首页')).toBeNull();
  });

  it('decides from the browser when not told (happy-dom is a desktop browser)', async () => {
    render(
      <DeviceGate>
        <p>首页</p>
      </DeviceGate>,
    );
    expect(await screen.findByText(/请使用手机或平板访问/)).toBeTruthy();
    expect(screen.queryByText('首页')).toBeNull();
  });
});
