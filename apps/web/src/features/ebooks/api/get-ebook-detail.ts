import type { EbookDetail } from '@portal/contract';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/** `GET /api/ebooks/detail?id=`: a book with its PDF address and the learner's progress. */
export const ebookDetailQueryOptions = (id: number) =>
  detailQueryOptions<EbookDetail>(['ebooks', 'detail', id], '/ebooks/detail', { id });
