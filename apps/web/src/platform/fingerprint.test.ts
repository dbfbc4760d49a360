import { expect, it } from 'vitest';
import { computeFingerprint, fingerprint } from './fingerprint.ts';
import { StorageKey } from './storage.ts';

it('computes a stable fingerprint once and keeps it under X-FINGER', () => {
  localStorage.clear();
  const first = fingerprint();
  expect(first).toMatch(/^[0-9a-f]{16}$/);
  expect(localStorage.getItem(StorageKey.finger)).toBe(first);
  expect(fingerprint()).toBe(first);
  expect(computeFingerprint()).toBe(first);
});
