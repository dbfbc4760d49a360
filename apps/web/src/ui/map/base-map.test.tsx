import { cleanup, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBaseMap } from './base-map.tsx';

// Leaflet itself is not what is tested: only when the page asks for it.
const kit = vi.hoisted(() => ({ load: vi.fn(() => new Promise<never>(() => {})) }));
vi.mock('./map-kit.ts', () => ({ loadMapKit: kit.load }));

function MapBox() {
  const box = useRef<HTMLDivElement>(null);
  const state = useBaseMap(box);
  return <div ref={box} data-status={state.status} />;
}

afterEach(() => {
  cleanup();
  kit.load.mockClear();
});

describe('the base map', () => {
  it('asks for Leaflet once the page around it has painted, not with the page', async () => {
    render(<MapBox />);
    // Mounted, its effects run: nothing asked yet (it would be on the wire before the paint).
    expect(kit.load).not.toHaveBeenCalled();
    await waitFor(() => expect(kit.load).toHaveBeenCalledTimes(1));
  });

  it('asks for nothing when the page is left before it has painted', async () => {
    const { unmount } = render(<MapBox />);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kit.load).not.toHaveBeenCalled();
  });
});
