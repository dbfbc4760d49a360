import type { Bindings, Device, UserInfo } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '@/platform/profile-query.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { post, postMultipart } from '@/platform/request.ts';
import { isLoggedIn } from '@/platform/session.ts';
import { local, StorageKey } from '@/platform/storage.ts';

/** The forms show these failures themselves, next to their button. */
const FORM_HANDLES = [ErrorCode.invalid, ErrorCode.conflict, ErrorCode.tooMany];
const LOGIN = { loginRequired: true, quiet: FORM_HANDLES } as const;

/** `GET /api/account/devices`: the learner's signed-in devices. */
export const devicesQueryOptions = () =>
  getQueryOptions<Device[]>(
    ['account', 'devices'],
    '/account/devices',
    {},
    {
      loginRequired: true,
      enabled: isLoggedIn(),
    },
  );

/** `GET /api/account/bindings`: the phone and the external identity provider. */
export const bindingsQueryOptions = () =>
  getQueryOptions<Bindings>(
    ['account', 'bindings'],
    '/account/bindings',
    {},
    {
      loginRequired: true,
      enabled: isLoggedIn(),
    },
  );

/** A mutation that answers the new profile: it is shown at once and stored as `userInfo`. */
function useProfileMutation<V>(send: (variables: V) => Promise<UserInfo>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => {
      client.setQueryData(profileQueryOptions().queryKey, user);
      if (isLoggedIn()) local.set(StorageKey.userInfo, JSON.stringify(user));
    },
  });
}

/** `POST /api/account/profile`. */
export const useRename = () =>
  useProfileMutation((nickname: string) => post<UserInfo>('/account/profile', { nickname }, LOGIN));

/** `POST /api/account/avatar` (multipart, field `file`). */
export const useAvatarUpload = () =>
  useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return postMultipart<UserInfo>('/account/avatar', form, { quiet: FORM_HANDLES });
  });

/** `POST /api/account/password`: the other devices are signed out, so the list is refreshed. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      post<null>('/account/password', body, LOGIN),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'devices'] }),
  });
}

/** Signs one device out (`id`), or every other one (`null`). */
export function useSignOutDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? post<null>('/account/devices/sign-out-others', {}, LOGIN)
        : post<null>('/account/devices/sign-out', { id }, LOGIN),
    onSettled: () => client.invalidateQueries({ queryKey: ['account', 'devices'] }),
  });
}

/** `POST /api/account/delete`: the password again confirms it. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (password: string) => post<null>('/account/delete', { password }, LOGIN),
  });

/** `POST /api/account/phone/code`: to a new phone (bind) or the bound one (unbind). */
export const useSendCode = () =>
  useMutation({
    mutationFn: (body: { purpose: 'bind' | 'unbind'; phone?: string }) =>
      post<{ resendAfterSeconds: number }>('/account/phone/code', body, LOGIN),
  });

/** Binds (or changes to) a phone, or unbinds it; the bindings and the profile are refreshed. */
export function usePhoneChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone?: string; code: string }) =>
      body.phone
        ? post<Bindings>('/account/phone/bind', body, LOGIN)
        : post<Bindings>('/account/phone/unbind', { code: body.code }, LOGIN),
    onSuccess: async (bindings) => {
      client.setQueryData(bindingsQueryOptions().queryKey, bindings);
      await client.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}

/**
 * Binds the person behind the identity provider's ticket (`?ticket=` on the way back from its
 * login), or unbinds the identity; the bindings answer is shown at once.
 */
export function useIdentityChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticket: string | null) =>
      ticket
        ? post<Bindings>('/account/identity/bind', { ticket }, LOGIN)
        : post<Bindings>('/account/identity/unbind', {}, LOGIN),
    onSuccess: (bindings) => client.setQueryData(bindingsQueryOptions().queryKey, bindings),
  });
}
