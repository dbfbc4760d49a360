import type { AdminWalkFormInput, AdminWalkPlace, AdminWalkRow } from '@portal/contract';
import { get } from '@/api/client.ts';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for humanities walks (`/api/admin/walks`): the review operations and the list. */
export const walkApi = reviewApi<AdminWalkFormInput, AdminWalkRow>('/api/admin/walks');

/** The query keys of the walk pages (they start with the list's, `walks`). */
export const walkKeys = {
  detail: (id: number) => ['walks', 'detail', id] as const,
  places: (words: string, ids: readonly number[]) => ['walks', 'places', words, ids] as const,
};

/**
 * The site's walk places (人文行走点) whose name has `words` (at most 20), after the chosen ones
 * (`ids`, in their order).
 */
export const searchWalkPlaces = (words: string, ids: readonly number[]) =>
  get<AdminWalkPlace[]>('/api/admin/walks/places', {
    q: words || undefined,
    ids: ids.length > 0 ? ids.join(',') : undefined,
  });
