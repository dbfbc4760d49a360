import type { CourseDetail } from '@portal/contract';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/** `GET /api/courses/detail?id=`: a course with its chapters. */
export const courseDetailQueryOptions = (id: number) =>
  detailQueryOptions<CourseDetail>(['courses', 'detail', id], '/courses/detail', { id });
