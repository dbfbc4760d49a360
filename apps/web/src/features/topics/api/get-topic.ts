import type { Topic } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';

/** `GET /api/topics/detail?slug=`: a topic with its sections. */
export const topicQueryOptions = (slug: string) =>
  detailQueryOptions<Topic>(['topics', 'detail', slug], '/topics/detail', { slug });

export const useTopic = (slug: string | null) =>
  useQuery({ ...topicQueryOptions(slug ?? ''), enabled: slug !== null });
