import type { UserInfo } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { get } from './request.ts';
import { isLoggedIn } from './session.ts';
import { local, StorageKey } from './storage.ts';

/**
 * The learner's profile from the server (`GET /api/account/me`); a fresh answer also refreshes
 * the stored `userInfo`. Only asked for when a token is stored.
 */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'me'],
    queryFn: async ({ signal }) => {
      const user = await get<UserInfo>('/account/me', {}, { loginRequired: true, signal });
      // Only while still logged in: a logout or 301 meanwhile must not bring the profile back.
      if (isLoggedIn()) local.set(StorageKey.userInfo, JSON.stringify(user));
      return user;
    },
    enabled: isLoggedIn(),
  });
