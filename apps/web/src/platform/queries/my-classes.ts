import type { ClassDetail, MyClass } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { detailQueryOptions } from './detail.ts';
import { pagedQueryOptions } from './paged.ts';

// Class queries read by more than one feature (classes, study). Their keys start with `classes`,
// so a signup or cancel (which refreshes `['classes']`) refreshes every page that shows them.

/** `GET /api/classes/mine`: the classes I am signed up for. */
export const myClassesQueryOptions = () =>
  pagedQueryOptions<MyClass>(['classes', 'mine'], '/classes/mine', {}, { loginRequired: true });

export const useMyClasses = () => useInfiniteQuery(myClassesQueryOptions());

/** `GET /api/classes/detail?id=`: a class with its courses, form and my signup. */
export const classDetailQueryOptions = (id: number) =>
  detailQueryOptions<ClassDetail>(['classes', 'detail', id], '/classes/detail', { id });
