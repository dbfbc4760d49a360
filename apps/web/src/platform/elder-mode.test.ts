import { afterEach, expect, it } from 'vitest';
import { applyElderMode, isElderMode, setElderMode } from './elder-mode.ts';
import { StorageKey } from './storage.ts';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('elder');
});

it('switches elder mode on and off, remembers it and marks the document', () => {
  expect(isElderMode()).toBe(false);
  setElderMode(true);
  expect(localStorage.getItem(StorageKey.elderMode)).toBe('1');
  expect(document.documentElement.classList.contains('elder')).toBe(true);
  document.documentElement.classList.remove('elder');
  applyElderMode();
  expect(document.documentElement.classList.contains('elder')).toBe(true);
  setElderMode(false);
  expect(isElderMode()).toBe(false);
  expect(document.documentElement.classList.contains('elder')).toBe(false);
});
