import type {
  AdminProgrammeBase,
  AdminProgrammeFormInput,
  AdminProgrammeRow,
} from '@portal/contract';
import { get } from '@/api/client.ts';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for the bases' visit programmes (`/api/admin/programmes`). */
export const programmeApi = reviewApi<AdminProgrammeFormInput, AdminProgrammeRow>(
  '/api/admin/programmes',
);

/** The site's bases whose name has `words` (at most 20), the chosen one first. */
export const searchProgrammeBases = (words: string, chosen?: number) =>
  get<AdminProgrammeBase[]>('/api/admin/programmes/bases', { q: words, id: chosen });

/** The keys of the programmes' queries (the review pages key theirs under `programmes`). */
export const programmeKeys = {
  detail: (id: number) => ['programmes', 'detail', id] as const,
  bases: (words: string, chosen: number) => ['programmes', 'bases', words, chosen] as const,
};
