import { describe, expect, it } from 'vitest';
import {
  isKeptCall,
  isSuccess,
  KEPT_AT,
  OFFLINE,
  servedOffline,
  stamped,
  tokenOf,
} from './api-answers.ts';

const ORIGIN = 'https://learn.example.cn';
const call = (path: string, init: RequestInit = {}) => new Request(`${ORIGIN}${path}`, init);
const envelope = (code: number, status = 200) =>
  new Response(JSON.stringify({ code, message: '', data: { id: 1 } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

describe('the API answers kept for reading offline', () => {
  it('keeps the portal’s GETs, never a token’s, the console’s or another origin’s', () => {
    expect(isKeptCall(call('/api/courses?page=1'), ORIGIN)).toBe(true);
    expect(isKeptCall(call('/api/account/userinfo'), ORIGIN)).toBe(true);
    expect(isKeptCall(call('/api/courses', { method: 'POST' }), ORIGIN)).toBe(false);
    for (const path of ['/api/account/refresh-token', '/api/admin/stats/summary', '/api/docs'])
      expect(isKeptCall(call(path), ORIGIN), path).toBe(false);
    expect(isKeptCall(new Request('https://elsewhere.cn/api/courses'), ORIGIN)).toBe(false);
    expect(isKeptCall(call('/files/a.pdf'), ORIGIN)).toBe(false);
  });

  it('knows a call by its bearer token, a visitor’s by none', () => {
    expect(tokenOf(call('/api/x', { headers: { Authorization: 'Bearer abc' } }))).toBe('abc');
    expect(tokenOf(call('/api/x'))).toBeNull();
    expect(tokenOf(call('/api/x', { headers: { Authorization: 'Basic abc' } }))).toBeNull();
  });

  it('keeps successes only: HTTP 200 with code 0', async () => {
    expect(await isSuccess(envelope(0))).toBe(true);
    expect(await isSuccess(envelope(301))).toBe(false);
    expect(await isSuccess(envelope(0, 500))).toBe(false);
    expect(
      await isSuccess(new Response('<html>', { headers: { 'content-type': 'text/html' } })),
    ).toBe(false);
  });

  it('stamps a kept answer with its time, and marks it when served offline', async () => {
    const kept = await stamped(envelope(0), 1_764_000_000_000);
    expect(kept.headers.get(KEPT_AT)).toBe('1764000000000');
    const offline = await servedOffline(kept);
    expect(offline.headers.get(OFFLINE)).toBe('1');
    expect(offline.headers.get(KEPT_AT)).toBe('1764000000000');
    expect(await offline.json()).toEqual({ code: 0, message: '', data: { id: 1 } });
  });
});
