import { lazy, type ReactNode, Suspense } from 'react';
import { isMobileDevice } from './device.ts';

// Loaded only on other devices, so phones never download the notice or its QR encoder.
const LazyDesktopNotice = lazy(() =>
  import('./desktop-notice.tsx').then((module) => ({ default: module.DesktopNotice })),
);

// The device does not change while the page is open: decide once.
const MOBILE = isMobileDevice();

export type DeviceGateProps = {
  children: ReactNode;
  /** Overrides the device check (tests). */
  mobile?: boolean;
};

/** Shows `children` on phones and tablets only; other devices get the desktop notice (spec section 1). */
export function DeviceGate({ children, mobile = MOBILE }: DeviceGateProps) {
  if (mobile) return children;
  return (
    <Suspense fallback={null}>
      <LazyDesktopNotice />
    </Suspense>
  );
}
