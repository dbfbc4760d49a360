import type {
  ParticipantCancelBody,
  ParticipantCancelResult,
  ParticipantListQuery,
  ParticipantPage,
} from '@portal/contract';
import type { ParticipantKind } from '@portal/contract/constants';
import { get, post } from '@/api/client.ts';
import { downloadFile } from '@/api/save-file.ts';

export type ParticipantQuery = Partial<ParticipantListQuery> & {
  kind: ParticipantKind;
  id: number;
};

export const participantKeys = {
  all: ['participants'] as const,
  list: (query: ParticipantQuery) => ['participants', query] as const,
};

/** Where the console lists an item's participants (报名名单). */
export const participantsPath = (kind: ParticipantKind, id: number) =>
  `/participants?kind=${kind}&id=${id}`;

export const listParticipants = (query: ParticipantQuery) =>
  get<ParticipantPage>('/api/admin/participants', query);

export const cancelParticipant = (body: ParticipantCancelBody) =>
  post<ParticipantCancelResult>('/api/admin/participants/cancel', body);

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
