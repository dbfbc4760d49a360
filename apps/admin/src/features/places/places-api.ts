import type { AdminPlaceFormInput, AdminPlaceParent, AdminPlaceRow } from '@portal/contract';
import { get } from '@/api/client.ts';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for the places of the learning map (`/api/admin/places`). */
export const placesApi = reviewApi<AdminPlaceFormInput, AdminPlaceRow>('/api/admin/places');

/**
 * The site's schools a branch may belong to, whose name has `words` (the chosen one first, never
 * the place being edited).
 */
export const placeSchools = (words: string, chosen?: number | null, exclude?: number | null) =>
  get<AdminPlaceParent[]>('/api/admin/places/schools', {
    q: words,
    id: chosen ?? undefined,
    exclude: exclude ?? undefined,
  });
