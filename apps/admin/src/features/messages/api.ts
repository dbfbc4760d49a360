import type {
  CampaignAudiencePreview,
  CampaignAudienceQuery,
  CampaignCreateBody,
  CampaignListQuery,
  CampaignPage,
  CampaignRow,
  Page,
  TeamCard,
} from '@portal/contract';
import { get, post } from '@/api/client.ts';

export type CampaignQuery = Partial<CampaignListQuery>;

/** The query keys of the message pages: all start with `messages`, so one refresh takes them all. */
export const messageKeys = {
  all: ['messages'] as const,
  list: (query: CampaignQuery) => ['messages', 'list', query] as const,
  detail: (id: number) => ['messages', 'detail', id] as const,
  audience: (query: CampaignAudienceQuery) => ['messages', 'audience', query] as const,
  teams: (q: string) => ['messages', 'teams', q] as const,
};

/** A page of the site's notices, the latest written first, of one state or all. */
export const listCampaigns = (query: CampaignQuery) =>
  get<CampaignPage>('/api/admin/messages', query);

/** One notice with its counts. */
export const getCampaign = (id: number) => get<CampaignRow>('/api/admin/messages/detail', { id });

/** Who an audience names now: its label and how many learners it would reach. */
export const previewAudience = (query: CampaignAudienceQuery) =>
  get<CampaignAudiencePreview>('/api/admin/messages/audience', query);

/** Writes a notice: sent at once (`sendAt` null) or at its time. */
export const createCampaign = (body: CampaignCreateBody) =>
  post<CampaignRow>('/api/admin/messages', body);

/** Cancels a notice that waits for its time. */
export const cancelCampaign = (id: number) =>
  post<CampaignRow>('/api/admin/messages/cancel', { id });

/** The site's teams whose name holds `q` (the portal's own list), the most active first. */
export const searchTeams = (q: string) =>
  get<Page<TeamCard>>('/api/teams', { q: q || undefined, size: 20, sort: 'active' });
