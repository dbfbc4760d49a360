import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocateFailure, locate } from './geolocation.ts';

type Success = (fix: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; PERMISSION_DENIED: number }) => void;

/** Installs a navigator.geolocation that answers with `answer` and records the options asked. */
function fakeGeolocation(answer: (ok: Success, fail: Failure) => void) {
  const asked: PositionOptions[] = [];
  vi.stubGlobal('navigator', {
    geolocation: {
      getCurrentPosition: (ok: Success, fail: Failure, options: PositionOptions) => {
        asked.push(options);
        answer(ok, fail);
      },
    },
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('locate', () => {
  it('answers the fix as lat/lng, asking for a fresh precise one only when told', async () => {
    const asked = fakeGeolocation((ok) => ok({ coords: { latitude: 31.23, longitude: 121.45 } }));
    await expect(locate()).resolves.toEqual({ lat: 31.23, lng: 121.45 });
    await expect(locate({ precise: true })).resolves.toEqual({ lat: 31.23, lng: 121.45 });
    expect(asked[0]).toMatchObject({ enableHighAccuracy: false, maximumAge: 60_000 });
    expect(asked[1]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
  });

  it('tells a refusal from a missing fix and from a browser without geolocation', async () => {
    fakeGeolocation((_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 }));
    await expect(locate()).rejects.toMatchObject({ reason: 'denied' });
    fakeGeolocation((_ok, fail) => fail({ code: 3, PERMISSION_DENIED: 1 }));
    await expect(locate()).rejects.toMatchObject({ reason: 'unavailable' });
    vi.stubGlobal('navigator', {});
    const failure = await locate().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LocateFailure);
    expect(failure).toMatchObject({ reason: 'unsupported' });
  });
});
