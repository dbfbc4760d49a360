import type {
  AdminArticle,
  AdminArticleFormInput,
  AdminArticleListQuery,
  AdminArticleRow,
  AdminBulkResult,
  AdminChannel,
  Page,
} from '@portal/contract';
import { get, post } from '@/api/client.ts';

export const articleKeys = {
  all: ['articles'] as const,
  list: (query: Partial<AdminArticleListQuery>) => ['articles', 'list', query] as const,
  detail: (id: number) => ['articles', 'detail', id] as const,
  channels: ['articles', 'channels'] as const,
};

export const listArticles = (query: Partial<AdminArticleListQuery>) =>
  get<Page<AdminArticleRow>>('/api/admin/articles', query);
export const getArticle = (id: number) => get<AdminArticle>('/api/admin/articles/detail', { id });
export const listChannels = () => get<AdminChannel[]>('/api/admin/articles/channels');
export const createArticle = (form: AdminArticleFormInput) =>
  post<AdminArticle>('/api/admin/articles/create', form);
export const updateArticle = (form: AdminArticleFormInput & { id: number; version: number }) =>
  post<AdminArticle>('/api/admin/articles/update', form);

/** The review steps of one article at the version the operator saw. */
export type ReviewStep = 'submit' | 'withdraw' | 'approve';
export const stepArticle = (step: ReviewStep, id: number, version: number) =>
  post<AdminArticle>(`/api/admin/articles/${step}`, { id, version });
export const rejectArticle = (id: number, version: number, reason: string) =>
  post<AdminArticle>('/api/admin/articles/reject', { id, version, reason });
export const bulkArticles = (action: 'publish' | 'take-down', ids: number[]) =>
  post<AdminBulkResult>(`/api/admin/articles/${action}`, { ids });
