import type {
  Page,
  ParticipantCancelBody,
  ParticipantCancelResult,
  ParticipantItemListQuery,
  ParticipantItemRow,
  ParticipantListQuery,
  ParticipantPage,
  ParticipantReviewBody,
  ParticipantReviewResult,
} from '@portal/contract';
import type { ParticipantKind } from '@portal/contract/constants';
import { get, post } from '@/api/client.ts';
import { downloadFile } from '@/api/save-file.ts';

export type ParticipantQuery = Partial<ParticipantListQuery> & {
  kind: ParticipantKind;
  id: number;
};

export type ParticipantItemQuery = Partial<ParticipantItemListQuery> & { kind: ParticipantKind };

export const participantKeys = {
  all: ['participants'] as const,
  list: (query: ParticipantQuery) => ['participants', query] as const,
  items: (query: ParticipantItemQuery) => ['participants', 'items', query] as const,
};

export const listParticipantItems = (query: ParticipantItemQuery) =>
  get<Page<ParticipantItemRow>>('/api/admin/participants/items', query);

export const listParticipants = (query: ParticipantQuery) =>
  get<ParticipantPage>('/api/admin/participants', query);

export const cancelParticipant = (body: ParticipantCancelBody) =>
  post<ParticipantCancelResult>('/api/admin/participants/cancel', body);

/** Accepts or refuses sign-ups of a class or activity, all of them or none. */
export const reviewParticipants = (body: ParticipantReviewBody) =>
  post<ParticipantReviewResult>('/api/admin/participants/review', body);

/** Saves the list (as filtered) as an Excel or CSV file; answers the file's name. */
export const exportParticipants = (query: ParticipantQuery, format: 'xlsx' | 'csv') =>
  downloadFile(
    '/api/admin/participants/export',
    { kind: query.kind, id: query.id, q: query.q, status: query.status, format },
    `participants.${format}`,
  );

/** Saves an applicant's attachment under its own name. */
export const downloadAttachment = (id: number, name: string) =>
  downloadFile('/api/admin/participants/attachment', { id }, name);
