import type { MyReading } from '@portal/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';

/**
 * `GET /api/study/ebooks`: the e-books I opened, the latest first, with my page (its key is the
 * one the reader refreshes after a report).
 */
export const studyReadingQueryOptions = () =>
  pagedQueryOptions<MyReading>(
    ['ebooks', 'reading'],
    '/study/ebooks',
    {},
    { loginRequired: true, staleTime: 0 },
  );

export const useStudyReading = () => useInfiniteQuery(studyReadingQueryOptions());
