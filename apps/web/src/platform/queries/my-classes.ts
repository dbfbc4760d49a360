import type { ClassDetail, MyClass } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { get } from '../request.ts';
import { pagedQueryOptions } from './paged.ts';

// Class queries read by more than one feature (classes, study). Their keys start with `classes`,
// so a signup or cancel (which refreshes `['classes']`) refreshes every page that shows them.

/** `GET /api/classes/mine`: the classes I am signed up for. */
export const myClassesQueryOptions = () =>
  pagedQueryOptions<MyClass>(['classes', 'mine'], '/classes/mine', {}, { loginRequired: true });

export const useMyClasses = () => useInfiniteQuery(myClassesQueryOptions());

/** `GET /api/classes/detail?id=`: a class with its courses, form and my signup (404 is the page's). */
export const classDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['classes', 'detail', id],
    queryFn: ({ signal }) =>
      get<ClassDetail>('/classes/detail', { id }, { signal, quiet: [ErrorCode.notFound] }),
  });

export const useClassDetail = (id: number | null) =>
  useQuery({ ...classDetailQueryOptions(id ?? 0), enabled: id !== null });
