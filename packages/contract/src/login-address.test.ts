import { describe, expect, it } from 'vitest';
import { withCallback } from './login-address.ts';

describe('withCallback', () => {
  it('adds the callback as the query, encoded', () => {
    expect(withCallback('https://sso.example.cn/login', 'https://a.cn/authPage?x=1&y=2')).toBe(
      'https://sso.example.cn/login?callback=https%3A%2F%2Fa.cn%2FauthPage%3Fx%3D1%26y%3D2',
    );
  });

  it('keeps a query the login address already has', () => {
    expect(withCallback('/sso/login?site=jingan', 'https://a.cn/authPage')).toBe(
      '/sso/login?site=jingan&callback=https%3A%2F%2Fa.cn%2FauthPage',
    );
  });
});
