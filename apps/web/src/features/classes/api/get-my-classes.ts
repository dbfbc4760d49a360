import type { MyClass, Page } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/classes/mine`: the classes I am signed up for. */
export const myClassesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['classes', 'mine'],
    queryFn: ({ pageParam, signal }) =>
      get<Page<MyClass>>(
        '/classes/mine',
        { page: pageParam, size: 20 },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });

export const useMyClasses = () => useInfiniteQuery(myClassesQueryOptions());
