import type { HomeMe } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/home/me`: the learner's own panel (continue learning, my classes, today). */
export const homeMeQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'me'],
    queryFn: ({ signal }) => get<HomeMe>('/home/me', {}, { signal, loginRequired: true }),
    // The panel follows what the learner just did (a lesson played, a class joined).
    staleTime: 0,
  });

export const useHomeMe = (enabled: boolean) => useQuery({ ...homeMeQueryOptions(), enabled });
