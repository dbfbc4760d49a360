import type { JobListQuerySchema, JobPage, JobView } from '@portal/contract';
import { get, post } from '@/api/client.ts';

export type JobQuery = Partial<JobListQuerySchema>;

export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: JobQuery) => ['jobs', query] as const,
};

export const listJobs = (query: JobQuery) => get<JobPage>('/api/admin/jobs', query);
export const retryJob = (id: string) => post<JobView>('/api/admin/jobs/retry', { id });
