import type { AdminBulkResult, Page } from '@portal/contract';
import type { ReviewStatus } from '@portal/contract/constants';
import { get, post } from '@/api/client.ts';

/** The review state the server adds to a kind's form in its detail. */
export interface Reviewed<Form> {
  id: number;
  status: ReviewStatus;
  version: number;
  authorId: number | null;
  authorName: string | null;
  submittedBy: number | null;
  note: string | null;
  updatedAt: string;
  publishedAt: string | null;
  edit: {
    status: 'draft' | 'pending' | 'rejected';
    authorName: string | null;
    note: string | null;
    updatedAt: string;
  } | null;
  live: Form | null;
  /** When a reviewer scheduled what waits to be published (定时发布), and who. */
  schedule: { publishAt: string; reviewerName: string } | null;
}

/** The review steps of one record at the version the operator saw. */
export type ReviewStep = 'submit' | 'withdraw' | 'approve';

/** The console's calls for one reviewed kind under `path` (`/api/admin/courses`). */
export function reviewApi<Form, Row>(path: string) {
  type Detail = Form & Reviewed<Form>;
  return {
    list: (query: Record<string, string | number | undefined>) => get<Page<Row>>(path, query),
    detail: (id: number) => get<Detail>(`${path}/detail`, { id }),
    create: (form: Form) => post<Detail>(`${path}/create`, form),
    update: (form: Form, id: number, version: number) =>
      post<Detail>(`${path}/update`, { ...form, id, version }),
    step: (step: ReviewStep, id: number, version: number) =>
      post<Detail>(`${path}/${step}`, { id, version }),
    reject: (id: number, version: number, reason: string) =>
      post<Detail>(`${path}/reject`, { id, version, reason }),
    schedule: (id: number, version: number, publishAt: string) =>
      post<Detail>(`${path}/schedule`, { id, version, publishAt }),
    unschedule: (id: number, version: number) =>
      post<Detail>(`${path}/unschedule`, { id, version }),
    bulk: (action: 'publish' | 'take-down', ids: number[]) =>
      post<AdminBulkResult>(`${path}/${action}`, { ids }),
  };
}
export type ReviewApi<Form, Row> = ReturnType<typeof reviewApi<Form, Row>>;
