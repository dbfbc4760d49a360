import type { ClassDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@/platform/request.ts';

/** `GET /api/classes/detail?id=`: a class with its courses, form and my signup (404 is the page's). */
export const classDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['classes', 'detail', id],
    queryFn: ({ signal }) =>
      get<ClassDetail>('/classes/detail', { id }, { signal, quiet: [ErrorCode.notFound] }),
  });

export const useClassDetail = (id: number | null) =>
  useQuery({ ...classDetailQueryOptions(id ?? 0), enabled: id !== null });
