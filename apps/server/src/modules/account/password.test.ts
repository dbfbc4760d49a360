import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../platform/auth.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';
import { hashSecret, newSecret } from './tokens.ts';

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt, and verifies only the right password', async () => {
    const first = await hashPassword('Demo@2026');
    const second = await hashPassword('Demo@2026');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Demo@2026', first)).toBe(true);
    expect(await verifyPassword('Demo@2027', first)).toBe(false);
  });

  it('never matches a malformed hash or the dummy', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
  });
});

describe('tokens', () => {
  it('are 256 random bits, stored as SHA-256', () => {
    const token = newSecret();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(token);
    expect(hashSecret(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are read only from a well-formed Bearer header', () => {
    const token = newSecret();
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken(`Basic ${token}`)).toBeNull();
    expect(bearerToken("Bearer abc' OR 1=1")).toBeNull();
  });
});
